/**
 * What the message field offers, one tap each (issue 32): a greeting with the
 * contact's name, the business's name and the next delivery day ("Hola Pepe,
 * pedido de Café Luna para el sábado 28:"), and the last message sent to
 * this supplier. Nothing the field already holds, and nothing twice.
 */
export function messageSuggestions(options: {
  language: 'en' | 'es';
  contactName: string;
  businessName: string;
  /** The next delivery day ("2026-11-28"), or null without a schedule. */
  nextDelivery: string | null;
  lastMessage: string | undefined;
  current: string;
}): string[] {
  const { language, businessName } = options;
  const contact = options.contactName.trim().split(/\s+/)[0] ?? '';
  const day = options.nextDelivery
    ? new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { weekday: 'long', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${options.nextDelivery}T00:00:00Z`),
      )
    : null;
  const greeting =
    language === 'es'
      ? `${contact ? `Hola ${contact}` : 'Hola'}, pedido de ${businessName}${day ? ` para el ${day}` : ''}:`
      : `${contact ? `Hi ${contact}` : 'Hi'}, order from ${businessName}${day ? ` for ${day}` : ''}:`;
  const current = options.current.trim();
  const offers = [greeting, options.lastMessage?.trim() ?? ''].filter((text) => text !== '' && text !== current);
  return [...new Set(offers)];
}
