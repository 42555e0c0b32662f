import { describe, expect, it } from 'vitest';
import { normalizeTicketCode } from '@planns/shared/tickets/tickets.rules';
import { checkTicketUrl, formatTicketCode } from './ticket-code.ts';

describe('formatTicketCode', () => {
  it('shows a ticket code in four groups of four, which still reads back as the code', () => {
    expect(formatTicketCode('7K3MQ9TR0ABCDEFG')).toBe('7K3M-Q9TR-0ABC-DEFG');
    expect(normalizeTicketCode(formatTicketCode('7K3MQ9TR0ABCDEFG'))).toBe('7K3MQ9TR0ABCDEFG');
  });

  it('leaves anything else as it is', () => {
    expect(formatTicketCode('abc')).toBe('abc');
    expect(formatTicketCode('7K3MQ9TR0ABCDEFGH')).toBe('7K3MQ9TR0ABCDEFGH');
  });
});

describe('checkTicketUrl', () => {
  it('is {host}/check-ticket/{code}', () => {
    expect(checkTicketUrl('https://planns.example', '7K3MQ9TR0ABCDEFG')).toBe('https://planns.example/check-ticket/7K3MQ9TR0ABCDEFG');
    expect(checkTicketUrl('http://localhost:3303/', 'A B')).toBe('http://localhost:3303/check-ticket/A%20B');
  });
});
