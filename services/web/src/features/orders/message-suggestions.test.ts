import { describe, expect, it } from 'vitest';
import { messageSuggestions } from './message-suggestions.ts';

const base = {
  language: 'es' as const,
  contactName: 'Pepe Núñez',
  businessName: 'Café Luna',
  nextDelivery: '2026-11-28',
  lastMessage: 'Como siempre, gracias',
  current: '',
};

describe('messageSuggestions', () => {
  it('greets the contact by first name, names the business and the next delivery day, then offers the last message', () => {
    expect(messageSuggestions(base)).toEqual(['Hola Pepe, pedido de Café Luna para el sábado 28:', 'Como siempre, gracias']);
    expect(messageSuggestions({ ...base, language: 'en' })).toEqual([
      'Hi Pepe, order from Café Luna for Saturday 28:',
      'Como siempre, gracias',
    ]);
  });

  it('leaves out what it does not know, and what the field already holds', () => {
    expect(messageSuggestions({ ...base, contactName: '', nextDelivery: null, lastMessage: undefined })).toEqual([
      'Hola, pedido de Café Luna:',
    ]);
    expect(messageSuggestions({ ...base, current: ' Como siempre, gracias ' })).toEqual([
      'Hola Pepe, pedido de Café Luna para el sábado 28:',
    ]);
    expect(messageSuggestions({ ...base, lastMessage: 'Hola Pepe, pedido de Café Luna para el sábado 28:' })).toHaveLength(1);
  });
});
