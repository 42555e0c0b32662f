import { describe, expect, it } from 'vitest';
import { readServerState, serializeServerState, SERVER_STATE_ID, type ServerState } from './server-state.ts';

/** Just enough of a Document for readServerState: one element by id, holding the text a parser would give. */
function documentWith(text: string | null): Document {
  return { getElementById: (id: string) => (id === SERVER_STATE_ID && text !== null ? { textContent: text } : null) } as unknown as Document;
}

describe('the server state in the HTML', () => {
  const state: ServerState = {
    language: 'he',
    timeZone: 'Asia/Jerusalem',
    queries: [{ key: ['events', 'detail', 'x', 'visitor'], data: { name: '</script><script>alert(1)</script> <!-- \u2028 \u2029' } }],
  };

  it('cannot end its script element or open a comment, whatever the data holds', () => {
    const json = serializeServerState(state);
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<!--');
    expect(json).not.toContain('<');
    expect(json).not.toMatch(/[\u2028\u2029]/);
  });

  it('reads back what was written', () => {
    expect(readServerState(documentWith(serializeServerState(state)))).toEqual(state);
  });

  it('is null without the element, with broken JSON or with another shape', () => {
    expect(readServerState(documentWith(null))).toBeNull();
    expect(readServerState(documentWith('{"language":'))).toBeNull();
    expect(readServerState(documentWith('{"language":"en","timeZone":"UTC"}'))).toBeNull();
    expect(readServerState(documentWith('[]'))).toBeNull();
  });
});
