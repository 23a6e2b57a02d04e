/**
 * The supplier's confirmation page in English and Spanish (docs/decisions.md
 * §6.4): its own small dictionary, so the page loads none of the owner's app.
 */
const en = {
  title: 'Order from {business}',
  sentTo: 'Sent to {supplier} on {date}',
  intro: "Mark anything you can't supply, then confirm.",
  lines: 'The order',
  available: 'Available',
  unavailable: 'Not available',
  count: '{available} of {total} available',
  total: 'Confirmed total: {amount}',
  unpriced: '{count} without price',
  note: 'Note for {business} (optional)',
  noteCount: '{used} of {max} characters',
  delivery: 'Delivery date (optional)',
  confirm: 'Confirm',
  sending: 'Sending…',
  sent: 'Sent to {business}. You can change it until {date}.',
  confirmed: 'You confirmed the whole order.',
  partial: 'You confirmed the order except: {items}.',
  declined: "You said you can't supply this order.",
  deliveryOn: 'Delivery: {date}.',
  yourNote: 'Your note: {note}',
  change: 'Change the answer',
  loading: 'Loading the order…',
  goneTitle: 'This link no longer works',
  goneText: 'Links last 14 days, and stop working when the business withdraws the order. Please contact the business directly.',
  notYetTitle: 'Not here yet',
  notYet: 'This order has not reached us yet: open the link again in a few minutes.',
  notYetWhy: 'It was sent from a phone that has not synced yet. It arrives as soon as that phone is back online.',
  retry: 'Try again',
  tooMany: 'Too many attempts. Please try again in a few minutes.',
  failed: "The answer couldn't be sent. Check your connection and try again.",
  footer: 'No account needed. Sent with Reorder.',
  adjust: 'Change quantity, price or offer a substitute',
  quantity: 'Quantity you will deliver ({unit})',
  price: 'Price per {unit} ({currency})',
  substitute: 'Substitute (optional)',
  badQuantity: '{name}: the quantity must be a number from 0 to 99999 with at most 3 decimals.',
  badPrice: '{name}: the price must be a number from 0 to 1000000 with at most 4 decimals.',
  changedLines: 'Lines you changed: {count}.',
  deliverInstead: '{quantity} instead of {sent}',
  pricePer: '{price} per {unit}',
  substituteGiven: 'instead: {substitute}',
};
export type TConfirmTexts = typeof en;

const es: TConfirmTexts = {
  title: 'Pedido de {business}',
  sentTo: 'Enviado a {supplier} el {date}',
  intro: 'Marca lo que no puedas servir y confirma.',
  lines: 'El pedido',
  available: 'Disponible',
  unavailable: 'No disponible',
  count: '{available} de {total} disponibles',
  total: 'Total confirmado: {amount}',
  unpriced: '{count} sin precio',
  note: 'Nota para {business} (opcional)',
  noteCount: '{used} de {max} caracteres',
  delivery: 'Fecha de entrega (opcional)',
  confirm: 'Confirmar',
  sending: 'Enviando…',
  sent: 'Enviado a {business}. Puedes cambiarlo hasta el {date}.',
  confirmed: 'Has confirmado el pedido completo.',
  partial: 'Has confirmado el pedido excepto: {items}.',
  declined: 'Has indicado que no puedes servir este pedido.',
  deliveryOn: 'Entrega: {date}.',
  yourNote: 'Tu nota: {note}',
  change: 'Cambiar la respuesta',
  loading: 'Cargando el pedido…',
  goneTitle: 'Este enlace ya no funciona',
  goneText: 'Los enlaces duran 14 días y dejan de funcionar si el negocio retira el pedido. Ponte en contacto con el negocio directamente.',
  notYetTitle: 'Aún no ha llegado',
  notYet: 'Este pedido aún no nos ha llegado: vuelve a abrir el enlace en unos minutos.',
  notYetWhy: 'Se envió desde un móvil que aún no se ha sincronizado. Llegará en cuanto ese móvil vuelva a tener conexión.',
  retry: 'Volver a intentarlo',
  tooMany: 'Demasiados intentos. Vuelve a intentarlo en unos minutos.',
  failed: 'No se ha podido enviar la respuesta. Revisa la conexión y vuelve a intentarlo.',
  footer: 'Sin necesidad de cuenta. Enviado con Reorder.',
  adjust: 'Cambiar cantidad o precio, u ofrecer un sustituto',
  quantity: 'Cantidad que vas a servir ({unit})',
  price: 'Precio por {unit} ({currency})',
  substitute: 'Sustituto (opcional)',
  badQuantity: '{name}: la cantidad debe ser un número de 0 a 99999 con 3 decimales como mucho.',
  badPrice: '{name}: el precio debe ser un número de 0 a 1000000 con 4 decimales como mucho.',
  changedLines: 'Líneas que has cambiado: {count}.',
  deliverInstead: '{quantity} en vez de {sent}',
  pricePer: '{price} por {unit}',
  substituteGiven: 'en su lugar: {substitute}',
};

export const CONFIRM_TEXTS = { en, es };

/** The browser's language when it is Spanish, else English. */
export function pageLanguage(languages: readonly string[]): 'en' | 'es' {
  return languages[0]?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** A text with its `{name}` places filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}
