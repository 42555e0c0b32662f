import crypto from 'node:crypto';
import { GOOGLE_CALENDAR_MESSAGE_TYPE } from '@planns/shared/calendar/google-calendar.rules';
import type { AuthorizationResult } from './google-calendar.service.ts';

/*
 * The page the connection window ends on (decision 0043). It tells the page that opened it the
 * result: only {status, email} or {status, reason}, never a token. Twice, for the two ways a
 * window can still reach its page: postMessage to window.opener with the app's own origin as the
 * target (a page of another origin that opened it gets nothing), and a BroadcastChannel, which
 * same-origin pages share even when Cross-Origin-Opener-Policy cut the window from its opener on
 * the way through Google's pages. Then it closes itself.
 *
 * The result travels as JSON in a non-executable script element (with '<' escaped); the one
 * script is the same bytes every time, allowed by its hash in this page's own CSP.
 */

const SCRIPT =
  "(function(){var d=JSON.parse(document.getElementById('result').textContent);var m=d.message;" +
  "try{var c=new BroadcastChannel(d.channel);c.postMessage(m);c.close();}catch(e){}" +
  'try{if(window.opener){window.opener.postMessage(m,d.origin);}}catch(e){}' +
  'setTimeout(function(){window.close();},300);})();';

const SCRIPT_HASH = crypto.createHash('sha256').update(SCRIPT).digest('base64');

export const CALLBACK_PAGE_CSP = `default-src 'none'; script-src 'sha256-${SCRIPT_HASH}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export function callbackPage(result: AuthorizationResult, origin: string): string {
  const message = result.status === 'connected' ? { type: GOOGLE_CALENDAR_MESSAGE_TYPE, status: 'connected', email: result.email } : { type: GOOGLE_CALENDAR_MESSAGE_TYPE, status: 'error', reason: result.reason };
  const data = JSON.stringify({ message, origin, channel: GOOGLE_CALENDAR_MESSAGE_TYPE }).replace(/</g, '\\u003c');
  const text = result.status === 'connected' ? 'Google Calendar connected. You can close this window.' : 'Google Calendar was not connected. You can close this window.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>planns · Google Calendar</title></head>
<body style="font-family:system-ui,sans-serif;padding:24px"><p>${text}</p>
<script type="application/json" id="result">${data}</script>
<script>${SCRIPT}</script></body></html>`;
}
