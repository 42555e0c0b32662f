import { describe, expect, it, vi } from 'vitest';
import { deliverReport, reportShareText, type ReportShareBrowser } from './share-report.ts';

describe('reportShareText', () => {
  it('appends the guest list to the share text after a blank line', () => {
    const info = 'Picnic\nSat, 6 Jun\nhttps://planns.test/events/Abc';
    const report = 'Picnic — 2026-06-06 17:30 UTC\n\nGoing (2):\n- Ana +1 (Pip)';
    expect(reportShareText(info, report)).toBe(`${info}\n\n${report}`);
  });

  it('leaves out an empty part without stray blank lines', () => {
    expect(reportShareText('Picnic\n', '  ')).toBe('Picnic');
    expect(reportShareText('', 'Going (0):\n-')).toBe('Going (0):\n-');
  });
});

function fakeBrowser(overrides: Partial<ReportShareBrowser> = {}) {
  return {
    canShare: vi.fn(() => true),
    share: vi.fn(() => Promise.resolve()),
    copy: vi.fn(() => Promise.resolve(true)),
    ...overrides,
  } satisfies ReportShareBrowser;
}

const data = { title: 'Picnic', text: 'Picnic\n\nGoing (1):\n- Ana' };

describe('deliverReport', () => {
  it("uses the browser's share sheet where there is one, and does not copy", async () => {
    const browser = fakeBrowser();
    await expect(deliverReport(data, browser)).resolves.toBe('shared');
    expect(browser.share).toHaveBeenCalledWith(data);
    expect(browser.copy).not.toHaveBeenCalled();
  });

  it('copies the text when there is no share sheet', async () => {
    const browser = fakeBrowser({ canShare: vi.fn(() => false) });
    await expect(deliverReport(data, browser)).resolves.toBe('copied');
    expect(browser.copy).toHaveBeenCalledWith(data.text);
    expect(browser.share).not.toHaveBeenCalled();
  });

  it('ends quietly when the person closes the share sheet', async () => {
    const browser = fakeBrowser({ share: vi.fn(() => Promise.reject(new DOMException('Share canceled', 'AbortError'))) });
    await expect(deliverReport(data, browser)).resolves.toBe('cancelled');
    expect(browser.copy).not.toHaveBeenCalled();
  });

  it('copies instead when the share sheet refuses (activation ran out)', async () => {
    const browser = fakeBrowser({ share: vi.fn(() => Promise.reject(new DOMException('Must be handling a user gesture', 'NotAllowedError'))) });
    await expect(deliverReport(data, browser)).resolves.toBe('copied');
    expect(browser.copy).toHaveBeenCalledWith(data.text);
  });

  it('fails when the text cannot be copied either', async () => {
    await expect(deliverReport(data, fakeBrowser({ canShare: vi.fn(() => false), copy: vi.fn(() => Promise.resolve(false)) }))).resolves.toBe('failed');
  });
});
