import crypto from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import sharp from 'sharp';
const port = Number(process.argv[2]); const serverPid = Number(process.argv[3]); const mode = process.argv[4] ?? 'fetch';
const base = `http://127.0.0.1:${port}`;
const post = async (p: string, body: unknown, headers: Record<string,string> = {}) => {
  const r = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: r.status, json: await r.json() as any };
};
const phone = '+12025550' + String(100 + Math.floor(Math.random() * 800)).padStart(3, '0');
console.log(await post('/api/send-code', { to: phone }));
const outbox = await (await fetch(base + '/api/dev/outbox')).json() as any;
const code = outbox.data.find((m: any) => m.to === phone).body.match(/\d{6}/)[0];
const checked = await post('/api/check-code', { to: phone, code });
const created = await post('/api/auth-create', { phone, approval_token: checked.json.approval_token });
const token = created.json.data.token; const id = created.json.data.user.id;
let t = Date.now();
const w = 1700, h = 1300;
const png = await sharp(crypto.randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
console.log('png', png.length, Date.now() - t, 'ms');
const body = JSON.stringify({ extension: 'png', base64: png.toString('base64') });
t = Date.now();
let sigAt = 0;
if (mode === 'fetch') {
  const p = fetch(`${base}/api/users/${id}/avatar`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
  setTimeout(() => { process.kill(serverPid, 'SIGTERM'); sigAt = Date.now(); }, 5);
  setTimeout(() => {}, 30000); try { const r = await p; console.log('status', r.status, 'conn', r.headers.get('connection'), 'at', Date.now() - t, 'sig at', sigAt - t); await r.text(); } catch (e) { console.log('err', e, Date.now() - t); }
} else {
  await new Promise<void>((resolve) => {
    const req = http.request(`${base}/api/users/${id}/avatar`, { method: 'PUT', agent: new http.Agent({ keepAlive: true }), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume(); res.on('end', () => { console.log('status', res.statusCode, res.headers.connection, 'at', Date.now() - t, 'sig at', sigAt - t); resolve(); });
    });
    req.on('error', (e) => { console.log('err', e, Date.now() - t); resolve(); });
    setTimeout(() => {}, 30000);
    req.end(body, () => { console.log('written at', Date.now() - t); setTimeout(() => { process.kill(serverPid, 'SIGTERM'); sigAt = Date.now(); }, 5); });
  });
}
