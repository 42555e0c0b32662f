/**
 * `npm run bench:health`: the health checks against a bare node:http server sending the same bytes
 * (issue 16: liveness at least 0.8x bare; decision 0031).
 *
 * 1. A scratch database (bench-support.ts), migrated; the real server in a child process as
 *    `npm start` runs it: production mode, LOG_LEVEL=info (the default: one line per request, none
 *    for the liveness check).
 * 2. One answer of each route is kept, headers and body: the bare server (another child) sends
 *    exactly those headers and that body, so both put the same bytes on the wire.
 * 3. autocannon in this process, BENCH_CONNECTIONS (50) connections: a warm-up, then BENCH_SECONDS
 *    (10) for each: GET /api/health (liveness), its bare twin, GET /api/health/ready (readiness:
 *    one SELECT 1), its bare twin. Requests a second, p50/p99 and the CPU of the server and of this
 *    process per answer.
 * Prints the figures with PASS/FAIL against the target; exits 0 once it printed them.
 */
import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMsOfPid, log, runBench, startBareServer, startPlannsServer, stopChild, type BenchRun } from './bench-support.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const WARMUP_SECONDS = 3;
const TARGET_RATIO = 0.8;

/** Headers a bare server should not copy (they belong to each answer or connection). */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding']);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU ms per answer of the server's process. */
  serverMs: number;
  errors: number;
}

async function load(url: string, seconds: number, serverPid: number): Promise<Figures> {
  const before = (await cpuMsOfPid(serverPid)) ?? Number.NaN;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 10 }, (err, res) => (err ? reject(err) : resolve(res)));
  });
  const after = (await cpuMsOfPid(serverPid)) ?? Number.NaN;
  const answers = Math.max(1, result.requests.total);
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverMs: (after - before) / answers,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** One answer of a route: its headers (those a bare server may send as they are) and its body. */
async function sample(url: string): Promise<{ headers: Record<string, string>; body: Buffer; type: string }> {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name) && !name.startsWith('x-ratelimit')) headers[name] = value;
  });
  return { headers, body, type: res.headers.get('content-type') ?? 'application/json' };
}

async function main({ scratch, cleanups }: BenchRun): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-health-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const { child: server, base } = await startPlannsServer(scratch.url, dataDir, { LOG_LEVEL: 'info' });
  log(`server ready on ${base} (pid ${server.pid}), LOG_LEVEL=info`);

  const rows: { label: string; figures: Figures; bytes: number }[] = [];
  const ratios: { route: string; ratio: number }[] = [];
  for (const route of ['/api/health', '/api/health/ready']) {
    const answer = await sample(`${base}${route}`);
    const bare = await startBareServer(answer.body, answer.type, dataDir, answer.headers);
    const wire = answer.body.length + Object.entries(answer.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
    log(`${route}: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s each (planns, then the bare server), ${CONNECTIONS} connections`);
    await load(`${base}${route}`, WARMUP_SECONDS, server.pid!);
    const planns = await load(`${base}${route}`, SECONDS, server.pid!);
    await load(bare.url, WARMUP_SECONDS, bare.child.pid!);
    const baseline = await load(bare.url, SECONDS, bare.child.pid!);
    await stopChild(bare.child);
    rows.push({ label: `planns ${route}`, figures: planns, bytes: wire }, { label: `bare node:http, same bytes`, figures: baseline, bytes: wire });
    ratios.push({ route, ratio: planns.rps / baseline.rps });
  }
  await stopChild(server);

  const num = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
  console.log(`\n=== bench:health on PostgreSQL ${scratch.version} (${scratch.label}), ${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.log(`${'case'.padEnd(34)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'CPU ms/answer'.padStart(15)}${'bytes'.padStart(8)}${'errors'.padStart(8)}`);
  for (const { label, figures, bytes } of rows) {
    console.log(
      `${label.padEnd(34)}${num(figures.rps, 0).padStart(10)}${num(figures.p50).padStart(9)}${num(figures.p99).padStart(9)}${num(figures.serverMs, 3).padStart(15)}${String(bytes).padStart(8)}${String(figures.errors).padStart(8)}`,
    );
  }
  console.log('');
  for (const { route, ratio } of ratios) {
    const target = route === '/api/health';
    console.log(`${target ? (ratio >= TARGET_RATIO ? 'PASS' : 'FAIL') : 'INFO'}  ${route} at ${num(ratio, 2)}x the bare server${target ? ` (target >= ${TARGET_RATIO}x)` : ' (readiness asks the database: no target)'}`);
  }
  log('done');
}

runBench(main);
