/** A ticket's code as people read it and the address its QR code holds (accounts §2, §9). */

/** The code in groups of four ('7K3M-Q9TR-…'), easier to read out and compare; the rest left as is. */
export function formatTicketCode(code: string): string {
  return /^[0-9A-Z]{16}$/.test(code) ? (code.match(/.{4}/g) ?? [code]).join('-') : code;
}

/** {host}/check-ticket/{code} (accounts §9): the page the door scans into. */
export function checkTicketUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/check-ticket/${encodeURIComponent(code)}`;
}
