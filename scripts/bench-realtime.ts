/**
 * `npm run bench:realtime`: live comments to 1,000 sockets (issue "Performance": a benchmark, not a
 * test). Targets: p99 delivery lag at most 250 ms, nothing lost.
 *
 * 1. A scratch database (bench-support.ts: BENCH_DATABASE_URL or TEST_DATABASE_URL, else an embedded
 *    PostgreSQL), migrated; 1,000 people with a session each (inserted straight into the tables: no
 *    SMS flow), one host, and one public event per case.
 * 2. The real server (apps/server/src/main.ts) in child processes: case 1 one instance without
 *    Redis; case 2 two instances sharing the machine's Redis (REDIS_URL, in a Redis logical database
 *    of their own: see redis-claim.ts), skipped when Redis does not answer.
 * 3. The clients in 4 child processes (this file with the argument `client`): 1,000 socket.io
 *    clients over websockets, each signed in with its own bearer token and following the event
 *    (join_event, acknowledged {ok:true}); in case 2 half of them on each instance.
 * 4. The host posts a comment every 100 ms for 60 s (BENCH_SECONDS) over HTTP to the first instance,
 *    after 20 warm-up comments (not counted). Each comment carries its sequence number and the time its POST was sent;
 *    a client's lag is the time it receives comment_posted minus that time (performance.timeOrigin
 *    + performance.now(): one clock, the machine's, in every process).
 * 5. Up to 5 s for stragglers; lost = clients x comments posted - distinct deliveries; duplicates.
 * 6. Case 3, notifications (the outbox, decision 0026): one instance, the same clients connected
 *    (each is in its own user room from the handshake on). After 20 warm-up requests, the host sends
 *    a friend request (POST user/friend-request) every 100 ms to a different client, at most one per
 *    client (so at most clients - 20 requests, else 60 s: BENCH_SECONDS); the server queues the
 *    push in the request's transaction and its job runner emits `notification` after commit. A
 *    client's lag is the time it receives its friend_request notification minus the time that POST
 *    was sent; lost = requests answered 200 without a push within the 5 s for stragglers.
 * Prints a table (PASS/MISS); exits 0 whatever the figures, non-zero only when the set-up fails.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { JOIN_EVENT, NOTIFICATION_MESSAGE, SOCKET_PATH } from '@planns/shared/realtime/realtime.rules';
import { createDb } from '../apps/server/src/db/database.ts';
import { findFreePort } from '../apps/server/src/db/embedded-postgres.ts';
import { newEventHash } from '../apps/server/src/modules/events/events.repo.ts';
import { claimRedisDatabase } from './redis-claim.ts';
import { backendPids, cpuMsOfPid, insertSessions, log, machineSnapshot, memoryOfPid, openScratchDatabase, startChild, stopAllChildren, stopChild, waitForOk } from './bench-support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS) || 1000;
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES) || 4;
const SECONDS = Number(process.env.BENCH_SECONDS) || 60;
const INTERVAL_MS = 100; // 10 comments a second
const COMMENTS = Math.round((SECONDS * 1000) / INTERVAL_MS);
const WARMUP_COMMENTS = 20;
const WARMUP_REQUESTS = 20;
/** Friend requests in case 3: one every INTERVAL_MS, at most one per client (the warm-up's recipients apart). */
const REQUESTS = Math.max(0, Math.min(COMMENTS, CLIENTS - WARMUP_REQUESTS));
const STRAGGLER_MS = 5000;
const CONNECT_CONCURRENCY = 25; // handshakes in flight per client process
const TARGET_P99_MS = 250;
const TIMELINE_S = 5;
const REDIS_BASE_URL = 'redis://127.0.0.1:6379';
/** A key in the claimed Redis database: it says who uses it (and expires if the bench dies). */
const REDIS_CLAIM_KEY = 'planns-bench-realtime:claim';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/** The text of comment `seq`: the clients read both numbers back. */
const commentText = (seq: number, sentAt: number) => `bench ${seq} ${sentAt.toFixed(3)}`;
const COMMENT_PATTERN = /^bench (\d+) (\d+\.\d+)$/;
const WARMUP_PATTERN = /^warm-up \d+$/;

/* ------------------------------------------------------------------ messages between the processes */

type ToClient =
  | { type: 'connect'; url: string; eventId: number; tokens: string[] }
  | { type: 'status' }
  | { type: 'report' }
  | { type: 'close' };

interface ClientReport {
  type: 'report';
  /** Lag of every distinct delivery, ms. */
  lags: Float64Array;
  /** Per comment: distinct deliveries, and the first and last receipt time. */
  perSeq: Uint32Array;
  firstAt: Float64Array;
  lastAt: Float64Array;
  duplicates: number;
  foreign: number;
  warmup: number;
  /** Per client of this process: when its first friend_request notification came (0: none); more of them; other notifications. */
  notifiedAt: Float64Array;
  notifyDuplicates: number;
  notifyForeign: number;
  disconnected: number;
  /** This process's event-loop delay while the comments came in, ms. */
  loopP99: number;
  loopMax: number;
}

type FromClient =
  | { type: 'ready' }
  | { type: 'connected'; ms: number }
  | { type: 'failed'; error: string }
  | { type: 'status'; received: number; notified: number; disconnected: number }
  | ClientReport;

/* ------------------------------------------------------------------ the client process */

function openClient(
  url: string,
  token: string,
  eventId: number,
  onComment: (msg: unknown) => void,
  onNotification: (msg: unknown) => void,
  onDisconnect: () => void,
): Promise<Socket> {
  const socket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 30_000,
    auth: { token },
  });
  socket.on('comment_posted', onComment);
  socket.on(NOTIFICATION_MESSAGE, onNotification);
  return new Promise((resolve, reject) => {
    socket.once('connect_error', (err) => reject(new Error(`handshake refused: ${err.message}`)));
    socket.once('connect', () => {
      socket
        .timeout(30_000)
        .emitWithAck(JOIN_EVENT, eventId)
        .then((reply: { ok?: boolean }) => {
          if (reply?.ok !== true) throw new Error(`join_event answered ${JSON.stringify(reply)}`);
          socket.once('disconnect', onDisconnect);
          resolve(socket);
        })
        .catch((err: unknown) => {
          socket.disconnect();
          reject(err instanceof Error ? err : new Error(String(err)));
        });
    });
  });
}

async function runClientProcess(): Promise<void> {
  const send = (msg: FromClient) => process.send?.(msg);
  const sockets: Socket[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let state: {
    eventId: number;
    seen: Uint8Array;
    lags: Float64Array;
    count: number;
    perSeq: Uint32Array;
    firstAt: Float64Array;
    lastAt: Float64Array;
    duplicates: number;
    foreign: number;
    warmup: number;
    notifiedAt: Float64Array;
    notified: number;
    notifyDuplicates: number;
    notifyForeign: number;
    disconnected: number;
  } | null = null;

  const receive = (index: number, msg: unknown) => {
    const at = now();
    const s = state!;
    const m = msg as { event_id?: unknown; comment?: { comment?: unknown } } | null;
    const text = m?.event_id === s.eventId && typeof m.comment?.comment === 'string' ? m.comment.comment : null;
    const match = text === null ? null : COMMENT_PATTERN.exec(text);
    if (!match) {
      if (text !== null && WARMUP_PATTERN.test(text)) s.warmup += 1;
      else s.foreign += 1;
      return;
    }
    const seq = Number(match[1]);
    if (seq >= COMMENTS) {
      s.foreign += 1;
      return;
    }
    const key = index * COMMENTS + seq;
    if (s.seen[key]) {
      s.duplicates += 1;
      return;
    }
    s.seen[key] = 1;
    s.lags[s.count++] = at - Number(match[2]);
    s.perSeq[seq] = s.perSeq[seq]! + 1;
    if (s.firstAt[seq] === 0 || at < s.firstAt[seq]!) s.firstAt[seq] = at;
    if (at > s.lastAt[seq]!) s.lastAt[seq] = at;
  };

  /** A notification: a friend request's counts once per client (each gets at most one); anything else is foreign. */
  const notified = (index: number, msg: unknown) => {
    const at = now();
    const s = state!;
    const m = msg as { data?: { action?: unknown } } | null;
    if (m?.data?.action !== 'friend_request') {
      s.notifyForeign += 1;
      return;
    }
    if (s.notifiedAt[index] !== 0) {
      s.notifyDuplicates += 1;
      return;
    }
    s.notifiedAt[index] = at;
    s.notified += 1;
  };

  const onConnect = async (order: Extract<ToClient, { type: 'connect' }>) => {
    const n = order.tokens.length;
    state = {
      eventId: order.eventId,
      seen: new Uint8Array(n * COMMENTS),
      lags: new Float64Array(n * COMMENTS),
      count: 0,
      perSeq: new Uint32Array(COMMENTS),
      firstAt: new Float64Array(COMMENTS),
      lastAt: new Float64Array(COMMENTS),
      duplicates: 0,
      foreign: 0,
      warmup: 0,
      notifiedAt: new Float64Array(n),
      notified: 0,
      notifyDuplicates: 0,
      notifyForeign: 0,
      disconnected: 0,
    };
    const started = now();
    let next = 0;
    const worker = async () => {
      while (next < n) {
        const index = next++;
        sockets[index] = await openClient(
          order.url,
          order.tokens[index]!,
          order.eventId,
          (msg) => receive(index, msg),
          (msg) => notified(index, msg),
          () => (state!.disconnected += 1),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, n) }, worker));
    loop.enable();
    send({ type: 'connected', ms: now() - started });
  };

  process.on('message', (raw) => {
    const msg = raw as ToClient;
    if (msg.type === 'connect') {
      onConnect(msg).catch((err: unknown) => send({ type: 'failed', error: err instanceof Error ? err.message : String(err) }));
    } else if (msg.type === 'status') {
      send({ type: 'status', received: state?.count ?? 0, notified: state?.notified ?? 0, disconnected: state?.disconnected ?? 0 });
    } else if (msg.type === 'report') {
      loop.disable();
      const s = state!;
      send({
        type: 'report',
        lags: s.lags.slice(0, s.count),
        perSeq: s.perSeq,
        firstAt: s.firstAt,
        lastAt: s.lastAt,
        duplicates: s.duplicates,
        foreign: s.foreign,
        warmup: s.warmup,
        notifiedAt: s.notifiedAt,
        notifyDuplicates: s.notifyDuplicates,
        notifyForeign: s.notifyForeign,
        disconnected: s.disconnected,
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
      });
    } else if (msg.type === 'close') {
      for (const socket of sockets) socket?.disconnect();
      process.disconnect();
    }
  });
  // The parent gone (or done): nothing left to do here.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

/* ------------------------------------------------------------------ the parent's side of a client process */

class ClientProcess {
  readonly child: ChildProcess;
  readonly instance: Instance;
  readonly tokens: string[];
  private waiting = new Map<string, { resolve: (msg: FromClient) => void; reject: (err: Error) => void }>();

  constructor(instance: Instance, tokens: string[]) {
    this.instance = instance;
    this.tokens = tokens;
    this.child = startChild([path.join('scripts', path.basename(import.meta.filename)), 'client'], {}, { ipc: true });
    this.child.on('message', (raw) => {
      const msg = raw as FromClient;
      const key = msg.type === 'failed' ? 'connected' : msg.type;
      const waiter = this.waiting.get(key);
      if (!waiter) return;
      this.waiting.delete(key);
      if (msg.type === 'failed') waiter.reject(new Error(`a client process could not connect: ${msg.error}`));
      else waiter.resolve(msg);
    });
    this.child.once('exit', (code, signal) => this.failAll(new Error(`a client process exited (${signal ?? code})`)));
    this.child.on('error', (err) => this.failAll(err));
  }

  private failAll(err: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }

  /** Waits for the reply of `type` (after sending `msg`, if any). */
  request<T extends FromClient['type']>(type: T, msg?: ToClient): Promise<Extract<FromClient, { type: T }>> {
    const reply = new Promise<FromClient>((resolve, reject) => {
      if (!this.child.connected) return reject(new Error('a client process is gone'));
      this.waiting.set(type, { resolve, reject });
      if (msg) this.child.send(msg, (err) => err && this.failAll(err));
    });
    return reply as Promise<Extract<FromClient, { type: T }>>;
  }
}

/* ------------------------------------------------------------------ servers, Redis, file descriptors */

interface Instance {
  name: string;
  child: ChildProcess;
  base: string;
}

async function startServer(name: string, databaseUrl: string, redisUrl: string, dataDirs: string[]): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-rt-'));
  dataDirs.push(dataDir);
  const port = await findFreePort();
  const child = startChild(['apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The per-IP limit lifted: every request comes from 127.0.0.1 (the comment and friend-request routes have no limit of their own).
    RATE_LIMIT_MAX: '1000000000',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, child, `server ${name}`);
  return { name, child, base };
}

/**
 * Each socket is an open file on both ends. Node raises its soft open-files limit to the hard one
 * when it starts, so the hard limit is what counts: the one server of case 1 holds every socket.
 */
function checkOpenFiles(): string {
  const out = execFileSync('/bin/sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  const hard = out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
  const needed = CLIENTS + 256; // plus PostgreSQL, Redis, the log, Node's own
  if (!(hard >= needed)) throw new Error(`the server needs ${needed} open files, but \`ulimit -Hn\` allows ${out}: raise it or set BENCH_CLIENTS lower`);
  return `ulimit -Hn ${out} (Node raises its soft limit to it): enough for ${needed}`;
}

/* ------------------------------------------------------------------ the machine */

/* ------------------------------------------------------------------ one case */

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
function stats(values: Float64Array | number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN };
}

interface Group {
  label: string;
  clients: number;
  expected: number;
  received: number;
  lost: number;
  duplicates: number;
  lag: Stats;
}

interface CaseResult {
  name: string;
  kind: Load['kind'];
  clients: number;
  /** Comments posted, or friend requests sent (answered 200). */
  posted: number;
  failedPosts: Map<string, number>;
  total: Group;
  groups: Group[];
  unexpected: number;
  foreign: number;
  disconnected: number;
  post: Stats;
  /** Per comment: the first delivery's lag, and how long from the first to the last delivery. */
  first: Stats;
  spread: Stats;
  /** Notifications: from the POST's answer to the push (negative: the push came first). */
  afterAnswer: Stats;
  connectSeconds: number;
  joinSeconds: number;
  clientLoopP99: number;
  clientLoopMax: number;
  /** Per TIMELINE_S window of sending: the worst lag (last delivery) of its comments, ms; the machine's
   * CPU used by other work than the bench (% of all cores); CPU pressure (% of the time). */
  timeline: { lag: number; other: number; stall: number }[];
  /** During the posting phase: the machine's CPU busy (% of all cores), the bench's own processes (same unit), CPU pressure (% of the time some task waited for a core). */
  machine: { busyPercent: number; benchPercent: number; servicesPercent: number; stallPercent: number };
  resources: { label: string; cpuPercent: number; rss: number; peak: number }[];
  /** The same for PostgreSQL (this database's backends) and the Redis server, CPU only. */
  services: { label: string; cpuPercent: number }[];
}

interface Poster {
  base: string;
  /** The event every client follows (the comments' event). */
  eventId: number;
  token: string;
}

/** What a case sends: comments on the event the clients follow, or friend requests, each to one client (the user ids in client order). */
type Load = { kind: 'comments' } | { kind: 'notifications'; userIds: number[] };

/**
 * The clients in the order the friend requests go to them: the client processes in turn (request
 * k to process k mod n), so that each process gets a share all along.
 */
function recipientOrder(clients: number, per: number): number[] {
  const order: number[] = [];
  for (let i = 0; i < per; i += 1) for (let p = 0; p * per < clients; p += 1) if (p * per + i < clients) order.push(p * per + i);
  return order;
}

/** POSTs `body` to `route` (under /api) as the host: 'ok' for a 200, else what went wrong. */
async function postAsHost(poster: Poster, route: string, body: unknown): Promise<string> {
  try {
    const res = await fetch(`${poster.base}/api/${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${poster.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return res.status === 200 ? 'ok' : `HTTP ${res.status}`;
  } catch (err) {
    return err instanceof Error ? err.name : 'error';
  }
}

const postComment = (poster: Poster, text: string) => postAsHost(poster, `events/${poster.eventId}/comment`, { comment: text });
const sendFriendRequest = (poster: Poster, friendId: number) => postAsHost(poster, 'user/friend-request', { friend_id: friendId });

interface Posts {
  ok: boolean[];
  sentAt: Float64Array;
  /** When each POST was answered (0: never). */
  answeredAt: Float64Array;
  latencies: number[];
  failures: Map<string, number>;
}

/** `count` POSTs, one every INTERVAL_MS on a fixed schedule (a slow answer does not delay the next POST). */
async function postOnSchedule(count: number, post: (seq: number, sentAt: number) => Promise<string>): Promise<Posts> {
  const ok = new Array<boolean>(count).fill(false);
  const sentAts = new Float64Array(count);
  const answeredAt = new Float64Array(count);
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const inFlight: Promise<void>[] = [];
  const start = now() + 50;
  for (let seq = 0; seq < count; seq += 1) {
    await sleep(start + seq * INTERVAL_MS - now());
    const sentAt = now();
    sentAts[seq] = sentAt;
    inFlight.push(
      post(seq, sentAt).then((outcome) => {
        const at = now();
        answeredAt[seq] = at;
        latencies.push(at - sentAt);
        if (outcome === 'ok') ok[seq] = true;
        else failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(inFlight);
  return { ok, sentAt: sentAts, answeredAt, latencies, failures };
}

async function runCase(
  name: string,
  instances: Instance[],
  tokens: string[],
  poster: Poster,
  probe: { database: string; redisPid: number | null },
  load: Load = { kind: 'comments' },
): Promise<CaseResult> {
  // The clients: process p follows instance p mod n, so with two instances each gets half.
  const per = Math.ceil(tokens.length / CLIENT_PROCESSES);
  const order = recipientOrder(tokens.length, per);
  /** Friend request k goes to client order[k]; the warm-up's to the last WARMUP_REQUESTS of the order. */
  const warmupRecipients = order.slice(Math.max(0, order.length - WARMUP_REQUESTS));
  const processes: ClientProcess[] = [];
  try {
    for (let p = 0; p < CLIENT_PROCESSES && p * per < tokens.length; p += 1) {
      const cp = new ClientProcess(instances[p % instances.length]!, tokens.slice(p * per, (p + 1) * per));
      processes.push(cp);
    }
    await Promise.all(processes.map((cp) => cp.request('ready')));
    const connectStarted = now();
    const connected = await Promise.all(
      processes.map((cp) => cp.request('connected', { type: 'connect', url: cp.instance.base, eventId: poster.eventId, tokens: cp.tokens })),
    );
    const connectSeconds = (now() - connectStarted) / 1000;
    const joinSeconds = Math.max(...connected.map((c) => c.ms)) / 1000;
    log(`  ${tokens.length} clients connected and following event ${poster.eventId} in ${connectSeconds.toFixed(1)} s (${instances.map((i) => `${processes.filter((p) => p.instance === i).reduce((n, p) => n + p.tokens.length, 0)} on ${i.name}`).join(', ')})`);

    if (load.kind === 'comments') {
      log(`  warm-up: ${WARMUP_COMMENTS} comments (not counted)`);
      for (let i = 0; i < WARMUP_COMMENTS; i += 1) {
        const outcome = await postComment(poster, `warm-up ${i}`);
        if (outcome !== 'ok') throw new Error(`the warm-up comment was refused: ${outcome}`);
        await sleep(INTERVAL_MS);
      }
    } else {
      log(`  warm-up: ${warmupRecipients.length} friend requests (not counted)`);
      for (const index of warmupRecipients) {
        const outcome = await sendFriendRequest(poster, load.userIds[index]!);
        if (outcome !== 'ok') throw new Error(`the warm-up friend request was refused: ${outcome}`);
        await sleep(INTERVAL_MS);
      }
    }
    await sleep(1000);

    const pids = [...instances.map((i) => ({ label: `server ${i.name}`, pid: i.child.pid! })), ...processes.map((cp, p) => ({ label: `clients ${p + 1}`, pid: cp.child.pid! }))];
    const cpuBefore = await Promise.all(pids.map((p) => cpuMsOfPid(p.pid)));
    // The services the comments cost: this database's PostgreSQL backends (the pools are open by
    // now) and the whole Redis server (shared, but the bench is most of its work here).
    const servicePids = [{ label: 'PostgreSQL backends', pids: await backendPids(probe.database) }, ...(probe.redisPid ? [{ label: 'Redis server', pids: [probe.redisPid] }] : [])];
    const cpuOf = async (list: number[]) => (await Promise.all(list.map((pid) => cpuMsOfPid(pid)))).reduce<number>((n, ms) => n + (ms ?? 0), 0);
    const serviceBefore = await Promise.all(servicePids.map((s) => cpuOf(s.pids)));
    const selfBefore = process.cpuUsage();
    const machineBefore = await machineSnapshot();
    const phaseStarted = now();
    // Every TIMELINE_S: how busy the machine was, and how much of it was not the bench.
    const benchCpuMs = async () => {
      const self = process.cpuUsage();
      return (await cpuOf([...pids.map((p) => p.pid), ...servicePids.flatMap((sp) => sp.pids)])) + (self.user + self.system) / 1000;
    };
    const samples: { machine: Awaited<ReturnType<typeof machineSnapshot>>; bench: number }[] = [{ machine: machineBefore, bench: await benchCpuMs() }];
    let sampling = Promise.resolve();
    const sampler = setInterval(() => {
      sampling = sampling.then(async () => {
        samples.push({ machine: await machineSnapshot(), bench: await benchCpuMs() });
      });
    }, TIMELINE_S * 1000);
    let posts: Posts;
    if (load.kind === 'comments') {
      log(`  posting ${COMMENTS} comments to ${instances[0]!.name}, one every ${INTERVAL_MS} ms`);
      posts = await postOnSchedule(COMMENTS, (seq, sentAt) => postComment(poster, commentText(seq, sentAt)));
    } else {
      log(`  sending ${REQUESTS} friend requests to ${instances[0]!.name}, one every ${INTERVAL_MS} ms, each to another client`);
      posts = await postOnSchedule(REQUESTS, (seq) => sendFriendRequest(poster, load.userIds[order[seq]!]!));
    }
    clearInterval(sampler);
    await sampling;
    const windows = Math.ceil((posts.ok.length * INTERVAL_MS) / 1000 / TIMELINE_S);
    if (samples.length <= windows) samples.push({ machine: await machineSnapshot(), bench: await benchCpuMs() });
    const postedOk = posts.ok.filter(Boolean).length;
    // Notifications: the warm-up's pushes are in the clients' counts too.
    const expectedAll = load.kind === 'comments' ? tokens.length * postedOk : postedOk + warmupRecipients.length;

    // Stragglers: until every delivery is in, or STRAGGLER_MS.
    const deadline = now() + STRAGGLER_MS;
    let received = 0;
    for (;;) {
      const statuses = await Promise.all(processes.map((cp) => cp.request('status', { type: 'status' })));
      received = statuses.reduce((n, s) => n + (load.kind === 'comments' ? s.received : s.notified), 0);
      if (received >= expectedAll || now() > deadline) break;
      await sleep(100);
    }
    const phaseMs = now() - phaseStarted;
    const machineAfter = await machineSnapshot();
    const cpuAfter = await Promise.all(pids.map((p) => cpuMsOfPid(p.pid)));
    const serviceAfter = await Promise.all(servicePids.map((s) => cpuOf(s.pids)));
    const self = process.cpuUsage(selfBefore);
    const memories = await Promise.all(pids.map((p) => memoryOfPid(p.pid)));
    const reports = await Promise.all(processes.map((cp) => cp.request('report', { type: 'report' })));
    log(`  ${received} of ${expectedAll} deliveries in; ${postedOk} of ${posts.ok.length} ${load.kind === 'comments' ? 'comments posted' : 'friend requests sent'}`);

    const jiffyMs = 10; // USER_HZ = 100
    const timeline = Array.from({ length: windows }, (_, w) => {
      const [a, b] = [samples[w], samples[w + 1]];
      if (!a || !b) return { lag: 0, other: Number.NaN, stall: Number.NaN };
      const totalMs = (b.machine.total - a.machine.total) * jiffyMs;
      const otherMs = (b.machine.busy - a.machine.busy) * jiffyMs - (b.bench - a.bench);
      const wallMs = totalMs / os.cpus().length;
      return { lag: 0, other: Math.max(0, (otherMs / totalMs) * 100), stall: ((b.machine.stallUs - a.machine.stallUs) / 1000 / wallMs) * 100 };
    });
    const worst = (seq: number, lag: number) => {
      const window = Math.floor((seq * INTERVAL_MS) / 1000 / TIMELINE_S);
      timeline[window]!.lag = Math.max(timeline[window]!.lag, lag);
    };
    const members = processes.map((cp, p) => ({ cp, report: reports[p]! }));
    // Comments: per comment, over every client, when the first and the last delivery arrived.
    // Notifications: one delivery per request, so the first is the lag; and how long after the POST's answer it came.
    const firstLags: number[] = [];
    const spreads: number[] = [];
    const afterAnswer: number[] = [];
    let unexpected = 0;
    let total: Group;
    let groups: Group[] = [];
    if (load.kind === 'comments') {
      const group = (label: string, members: { cp: ClientProcess; report: ClientReport }[]): Group => {
        const clients = members.reduce((n, m) => n + m.cp.tokens.length, 0);
        let got = 0;
        for (const { report } of members) for (let seq = 0; seq < COMMENTS; seq += 1) if (posts.ok[seq]) got += report.perSeq[seq]!;
        const lags = new Float64Array(members.reduce((n, m) => n + m.report.lags.length, 0));
        let offset = 0;
        for (const { report } of members) {
          lags.set(report.lags, offset);
          offset += report.lags.length;
        }
        const expected = clients * postedOk;
        return { label, clients, expected, received: got, lost: expected - got, duplicates: members.reduce((n, m) => n + m.report.duplicates, 0), lag: stats(lags) };
      };
      total = group(name, members);
      groups =
        instances.length > 1
          ? instances.map((instance, i) =>
              group(i === 0 ? `  on ${instance.name} (posted to)` : `  on ${instance.name} (across Redis)`, members.filter((m) => m.cp.instance === instance)),
            )
          : [];
      for (let seq = 0; seq < COMMENTS; seq += 1) {
        const count = reports.reduce((n, r) => n + r.perSeq[seq]!, 0);
        if (!posts.ok[seq]) {
          unexpected += count;
          continue;
        }
        if (count === 0) continue;
        const first = Math.min(...reports.filter((r) => r.perSeq[seq]! > 0).map((r) => r.firstAt[seq]!));
        const last = Math.max(...reports.map((r) => r.lastAt[seq]!));
        firstLags.push(first - posts.sentAt[seq]!);
        spreads.push(last - first);
        worst(seq, last - posts.sentAt[seq]!);
      }
    } else {
      // Client i of the whole run is client i - p x per of process p.
      const notifiedAt = (index: number) => reports[Math.floor(index / per)]!.notifiedAt[index % per]!;
      for (let seq = 0; seq < posts.ok.length; seq += 1) {
        const at = notifiedAt(order[seq]!);
        if (at === 0) continue;
        if (!posts.ok[seq]) {
          unexpected += 1;
          continue;
        }
        firstLags.push(at - posts.sentAt[seq]!);
        spreads.push(0);
        afterAnswer.push(at - posts.answeredAt[seq]!);
        worst(seq, at - posts.sentAt[seq]!);
      }
      total = {
        label: name,
        clients: tokens.length,
        expected: postedOk,
        received: firstLags.length,
        lost: postedOk - firstLags.length,
        duplicates: reports.reduce((n, r) => n + r.notifyDuplicates, 0),
        lag: stats(firstLags),
      };
    }

    const resources = pids.map((p, i) => ({
      label: p.label,
      cpuPercent: cpuAfter[i] !== null && cpuBefore[i] !== null ? ((cpuAfter[i]! - cpuBefore[i]!) / phaseMs) * 100 : Number.NaN,
      rss: memories[i]?.rss ?? Number.NaN,
      peak: memories[i]?.peak ?? Number.NaN,
    }));
    resources.push({ label: 'poster (this process)', cpuPercent: ((self.user + self.system) / 1000 / phaseMs) * 100, rss: process.memoryUsage().rss / 2 ** 20, peak: Number.NaN });
    const services = servicePids.map((sp, i) => ({
      label: `${sp.label}${sp.pids.length > 1 ? ` (${sp.pids.length})` : ''}`,
      cpuPercent: ((serviceAfter[i]! - serviceBefore[i]!) / phaseMs) * 100,
    }));
    const cores = os.cpus().length;
    const machine = {
      busyPercent: ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100,
      benchPercent: resources.reduce((n, r) => n + (Number.isFinite(r.cpuPercent) ? r.cpuPercent : 0), 0) / cores,
      servicesPercent: services.reduce((n, r) => n + r.cpuPercent, 0) / cores,
      stallPercent: ((machineAfter.stallUs - machineBefore.stallUs) / 1000 / phaseMs) * 100,
    };

    return {
      name,
      kind: load.kind,
      clients: tokens.length,
      posted: postedOk,
      failedPosts: posts.failures,
      total,
      groups,
      unexpected,
      foreign: reports.reduce((n, r) => n + (load.kind === 'comments' ? r.foreign : r.notifyForeign), 0),
      disconnected: reports.reduce((n, r) => n + r.disconnected, 0),
      post: stats(posts.latencies),
      first: stats(firstLags),
      spread: stats(spreads),
      afterAnswer: stats(afterAnswer),
      connectSeconds,
      joinSeconds,
      clientLoopP99: Math.max(...reports.map((r) => r.loopP99)),
      clientLoopMax: Math.max(...reports.map((r) => r.loopMax)),
      timeline,
      machine,
      resources,
      services,
    };
  } finally {
    for (const cp of processes) if (cp.child.connected) cp.child.send({ type: 'close' } satisfies ToClient);
    await Promise.all(processes.map((cp) => stopChild(cp.child, 5000).catch(() => {})));
  }
}

/* ------------------------------------------------------------------ people, sessions, events */

interface Seeded {
  hostToken: string;
  tokens: string[];
  /** The people of `tokens`, in the same order. */
  userIds: number[];
  eventIds: number[];
}

/** The host and CLIENTS people, each with a live session (bearer token), and one public event per case. */
async function seed(url: string, cases: number): Promise<Seeded> {
  const db = createDb(url, 2);
  try {
    const people = await db
      .insertInto('users')
      .values(
        Array.from({ length: CLIENTS + 1 }, (_, i) => ({
          phone: `+1555${String(i).padStart(7, '0')}`,
          name: i === 0 ? 'Bench Host' : `Bench Person ${i}`,
          email: null,
          avatar: null,
          avatar_m: null,
          avatar_s: null,
          current_group_id: null,
          terms_accepted_at: new Date(),
        })),
      )
      .returning('id')
      .execute();
    const tokens = await insertSessions(db, people.map((p) => p.id), 'bench:realtime');
    const at = new Date();
    const start = new Date(at.getTime() + 7 * 86_400_000);
    const events = await db
      .insertInto('events')
      .values(
        Array.from({ length: cases }, (_, i) => ({
          hash: newEventHash(),
          user_id: people[0]!.id,
          name: `Realtime bench, case ${i + 1}`,
          image: null,
          m_image: null,
          start_date: start,
          lat: null,
          lng: null,
          min: null,
          max: null,
          max_companions: null,
          price: null,
          currency: null,
          ticket_name: null,
          ticket_description: null,
          visibility: 'public' as const,
          group_id: null,
          clone_id: null,
          deleted_by_moderator_at: null,
          deleted_by_moderator_id: null,
        })),
      )
      .returning('id')
      .execute();
    return { hostToken: tokens[0]!, tokens: tokens.slice(1), userIds: people.slice(1).map((p) => p.id), eventIds: events.map((e) => e.id) };
  } finally {
    await db.destroy();
  }
}

/* ------------------------------------------------------------------ main */

const num = (n: number, width: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-').padStart(width);
const int = (n: number, width: number) => String(n).padStart(width);

function printResults(results: CaseResult[]): void {
  const header = (posted: string) =>
    console.log(
      `\n${'case'.padEnd(28)}${'clients'.padStart(8)}${posted.padStart(9)}${'expected'.padStart(10)}${'received'.padStart(10)}${'lost'.padStart(7)}${'dup'.padStart(5)}` +
        `${'lag p50'.padStart(9)}${'p95'.padStart(7)}${'p99'.padStart(7)}${'max'.padStart(8)}${'POST p50'.padStart(10)}${'p99'.padStart(7)}${'connect'.padStart(9)}  p99 <= ${TARGET_P99_MS} ms, 0 lost`,
    );
  const row = (g: Group, r: CaseResult, first: boolean) => {
    const verdict = g.lag.p99 <= TARGET_P99_MS && g.lost === 0 ? 'PASS' : 'MISS';
    console.log(
      `${g.label.padEnd(28)}${int(g.clients, 8)}${(first ? int(r.posted, 9) : ''.padStart(9))}${int(g.expected, 10)}${int(g.received, 10)}${int(g.lost, 7)}${int(g.duplicates, 5)}` +
        `${num(g.lag.p50, 9)}${num(g.lag.p95, 7)}${num(g.lag.p99, 7)}${num(g.lag.max, 8)}` +
        (first ? `${num(r.post.p50, 10)}${num(r.post.p99, 7)}${`${num(r.connectSeconds, 7)} s`.padStart(9)}` : ''.padStart(26)) +
        `  ${first ? verdict : `(${verdict.toLowerCase()})`}`,
    );
  };
  const commentCases = results.filter((r) => r.kind === 'comments');
  const notificationCases = results.filter((r) => r.kind === 'notifications');
  if (commentCases.length > 0) {
    header('comments');
    for (const r of commentCases) {
      row(r.total, r, true);
      for (const g of r.groups) row(g, r, false);
    }
    console.log('(lag and POST times in ms; "connect": the time to connect every client and have its join_event acknowledged)');
  }
  if (notificationCases.length > 0) {
    header('requests');
    for (const r of notificationCases) row(r.total, r, true);
    console.log('(friend requests answered 200, each pushed to one client: "expected" one push each; lag: POST sent -> that client has the notification)');
  }

  console.log(`\nwhere the lag comes from, ms:`);
  if (commentCases.length > 0) {
    console.log(
      `  ${'case'.padEnd(28)}${'1st delivery p50'.padStart(17)}${'p99'.padStart(7)}${'fan-out p50'.padStart(13)}${'p99'.padStart(7)}${'client loop p99'.padStart(17)}${'max'.padStart(7)}`,
    );
    for (const r of commentCases) {
      console.log(
        `  ${r.name.padEnd(28)}${num(r.first.p50, 17)}${num(r.first.p99, 7)}${num(r.spread.p50, 13)}${num(r.spread.p99, 7)}${num(r.clientLoopP99, 17)}${num(r.clientLoopMax, 7)}`,
      );
    }
    console.log('  (1st delivery: POST sent -> the first client has the comment: request, SQL, emit; fan-out: first -> last client;');
    console.log("   client loop: the event-loop delay of the busiest client process while the comments came in)");
  }
  if (notificationCases.length > 0) {
    console.log(`  ${'case'.padEnd(28)}${'after the answer p50'.padStart(21)}${'p99'.padStart(7)}${'max'.padStart(7)}${'client loop p99'.padStart(17)}${'max'.padStart(7)}`);
    for (const r of notificationCases) {
      console.log(`  ${r.name.padEnd(28)}${num(r.afterAnswer.p50, 21)}${num(r.afterAnswer.p99, 7)}${num(r.afterAnswer.max, 7)}${num(r.clientLoopP99, 17)}${num(r.clientLoopMax, 7)}`);
    }
    console.log("  (after the answer: the POST's 200 -> the push (the job runs after commit; negative: the push came first))");
  }
  for (const r of results) {
    const failed = [...r.failedPosts].map(([k, v]) => `${v} x ${k}`).join(', ');
    const odd = [
      failed ? `failed POSTs: ${failed}` : '',
      r.disconnected ? `${r.disconnected} clients disconnected` : '',
      r.unexpected ? `${r.unexpected} deliveries of ${r.kind === 'comments' ? 'comments' : 'friend requests'} whose POST failed` : '',
      r.foreign ? `${r.foreign} messages that were not this bench's` : '',
    ].filter(Boolean);
    if (odd.length > 0) console.log(`  ${r.name}: ${odd.join('; ')}`);
  }

  console.log(`\neach ${TIMELINE_S} s of posting: the worst lag of its comments (case 3: friend requests), and the machine meanwhile (other work: CPU not used by the bench, % of all cores):`);
  for (const r of results) {
    const line = (label: string, pick: (w: CaseResult['timeline'][number]) => number) => `    ${label.padEnd(24)}${r.timeline.map((w) => num(pick(w), 5, 0)).join('')}`;
    console.log(`  ${r.name}`);
    console.log(line('worst lag, ms', (w) => w.lag));
    console.log(line('other work, %', (w) => w.other));
    console.log(line('CPU pressure, %', (w) => w.stall));
  }

  console.log('\nthe machine while the comments (case 3: friend requests) were posted (CPU busy: % of all cores; pressure: % of the time some task waited for a core):');
  for (const r of results) {
    const m = r.machine;
    console.log(
      `  ${r.name.padEnd(28)}busy ${num(m.busyPercent, 3, 0)} %: the bench's processes ${num(m.benchPercent, 0, 0)} %, its PostgreSQL backends and Redis ${num(m.servicesPercent, 0, 0)} %, other work ${num(m.busyPercent - m.benchPercent - m.servicesPercent, 0, 0)} %; CPU pressure ${num(m.stallPercent, 0, 0)} %`,
    );
  }

  console.log('\nprocesses while the comments (case 3: friend requests) were posted (CPU: % of one core; memory: MiB now / peak):');
  for (const r of results) {
    console.log(`  ${r.name}`);
    for (const p of r.resources) console.log(`    ${p.label.padEnd(24)}${num(p.cpuPercent, 7, 0)} %${num(p.rss, 9)}${Number.isFinite(p.peak) ? ` / ${num(p.peak, 0)}` : ''}`);
    for (const p of r.services) console.log(`    ${p.label.padEnd(24)}${num(p.cpuPercent, 7, 0)} %`);
  }
}

async function main(): Promise<number> {
  const cleanups: (() => Promise<void>)[] = [];
  const dataDirs: string[] = [];
  let interrupted: Promise<void> | null = null;
  const cleanup = async () => {
    await stopAllChildren();
    for (const fn of cleanups.reverse()) await fn().catch((err: unknown) => console.error(err));
    cleanups.length = 0;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      console.error(`${signal}: cleaning up`);
      interrupted = cleanup().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }

  try {
    log(`open files: ${checkOpenFiles()}`);

    log('opening a scratch database');
    const scratch = await openScratchDatabase();
    cleanups.push(() => scratch.drop());
    const removeDataDirs = () => {
      for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    };
    cleanups.push(async () => {
      if (process.env.BENCH_KEEP === '1') {
        if (dataDirs.length > 0) log(`BENCH_KEEP=1: the servers' data folders are kept: ${dataDirs.join(', ')}`);
        return;
      }
      removeDataDirs();
    });
    // Also when something else ends this process first (embedded-postgres's exit hook on a signal).
    if (process.env.BENCH_KEEP !== '1') process.on('exit', removeDataDirs);
    log(`PostgreSQL ${scratch.version} (${scratch.label}), migrated`);
    const seeded = await seed(scratch.url, 3);
    const database = new URL(scratch.url).pathname.slice(1);
    log(`seeded ${CLIENTS} people and the host, each with a session; events ${seeded.eventIds.join(', ')} (public)`);

    const loadBefore = os.loadavg()[0]!;
    const results: CaseResult[] = [];
    let skipped = '';

    log('case 1: one instance, no Redis');
    const single = await startServer('A', scratch.url, '', dataDirs);
    log(`  server A ready on ${single.base} (pid ${single.child.pid})`);
    const poster1 = { base: single.base, eventId: seeded.eventIds[0]!, token: seeded.hostToken };
    results.push(await runCase('(1) one instance', [single], seeded.tokens, poster1, { database, redisPid: null }));
    await stopChild(single.child);

    const claim = await claimRedisDatabase(REDIS_BASE_URL, REDIS_CLAIM_KEY, 3600);
    if ('skipped' in claim) {
      skipped = claim.skipped;
      log(`case 2 skipped: ${skipped}`);
    } else {
      cleanups.push(async () => log(`Redis database ${claim.db}: ${await claim.release()}`));
      log(`case 2: two instances sharing Redis (${claim.url}: a logical database of the bench's own)`);
      const a = await startServer('A', scratch.url, claim.url, dataDirs);
      const b = await startServer('B', scratch.url, claim.url, dataDirs);
      log(`  server A on ${a.base} (pid ${a.child.pid}), server B on ${b.base} (pid ${b.child.pid})`);
      const poster2 = { base: a.base, eventId: seeded.eventIds[1]!, token: seeded.hostToken };
      results.push(await runCase('(2) two instances + Redis', [a, b], seeded.tokens, poster2, { database, redisPid: claim.pid }));
      await Promise.all([stopChild(a.child), stopChild(b.child)]);
    }

    log('case 3: notifications (friend requests), one instance, no Redis');
    const notifying = await startServer('A', scratch.url, '', dataDirs);
    log(`  server A ready on ${notifying.base} (pid ${notifying.child.pid})`);
    const poster3 = { base: notifying.base, eventId: seeded.eventIds[2]!, token: seeded.hostToken };
    results.push(
      await runCase('(3) notifications, 1 server', [notifying], seeded.tokens, poster3, { database, redisPid: null }, { kind: 'notifications', userIds: seeded.userIds }),
    );
    await stopChild(notifying.child);
    const loadAfter = os.loadavg()[0]!;

    console.log(`\n=== bench:realtime on PostgreSQL ${scratch.version} (${scratch.label}), ${os.cpus().length} cores, Node ${process.version}`);
    console.log(
      `${CLIENTS} socket.io clients (websocket) in ${CLIENT_PROCESSES} processes, one comment every ${INTERVAL_MS} ms for ${SECONDS} s after ${WARMUP_COMMENTS} warm-up comments; up to ${STRAGGLER_MS / 1000} s for stragglers`,
    );
    console.log(
      `case 3: one friend request every ${INTERVAL_MS} ms, each to another client (at most one each: ${REQUESTS} requests) after ${WARMUP_REQUESTS} warm-up requests; up to ${STRAGGLER_MS / 1000} s for stragglers`,
    );
    console.log(`machine load average (1 min) before ${loadBefore.toFixed(1)}, after ${loadAfter.toFixed(1)}: servers, clients, PostgreSQL and Redis share the cores`);
    printResults(results);
    if (skipped) console.log(`\n(2) two instances + Redis: skipped: ${skipped}`);
    log('done');
    return 0;
  } catch (err) {
    // Interrupted: what failed meanwhile is the interruption's doing; the cleanup exits.
    if (interrupted) await interrupted;
    console.error(`bench:realtime could not run: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  } finally {
    if (interrupted) await interrupted;
    else await cleanup();
  }
}

if (process.argv[2] === 'client') {
  await runClientProcess();
} else {
  process.exit(await main());
}
