/**
 * `npm run bench:seats`: a 5,000-seat hall (issue 17, "Proof"). Targets: GET seats/{eventId} p99 at
 * most 50 ms with 50 connections while holds are being taken; in Chromium at 390x844 with the CPU
 * slowed 4x, the seat chart's first render at most 500 ms and its pan frames at most 16 ms (read on
 * the pan as a gesture, the scrollBy pan's main-thread frames printed beside it).
 *
 * 1. A scratch database (bench-support.ts) and the real server in a child process (production
 *    mode, the test payment provider, TRUST_PROXY=true so each buyer's X-Forwarded-For counts on its
 *    own against the embed route's rate limit), the seat snapshot on (its default; decision 0036).
 * 2. Through the API: an organiser (a session inserted straight into the tables) opens and verifies
 *    a test-provider account, makes a scheme of 50 rows by 100 seats (gaps after rows 10 and 30 and
 *    after seats 25 and 75, four seat types by rows), a seated event on it with a ticket type per
 *    seat type, and its product.
 * 3. BENCH_PREHELD (1,000) seats held first by buyers of 5 seats each, so the answer has rows.
 * 4. The load, twice: first on a second server started with the seat snapshot off
 *    (SEATS_SNAPSHOT_EVENTS=0: every answer read and written anew, as before the snapshot), then on
 *    the first (the snapshot on), so the snapshot's figures are never shown alone. Each: autocannon,
 *    50 connections, BENCH_SECONDS (10) s on GET /api/seats/{eventId}, each request as the next of
 *    100 signed-in viewers (none holds a seat: they share one answer); meanwhile more buyers take
 *    holds of 2 seats, 10 a second, through the server measured (each hold changes the seats, so
 *    the snapshot is built anew). Requests a second, p50 and p99, holds taken and refused, the
 *    seat versions the holds made (event_seat_versions), the snapshots the server built and the
 *    time each took (its Server-Timing header, `seats;desc=built;dur=…`), the CPU per answer of
 *    the server and of its database's backends (the holds' included), and the whole machine's
 *    load meanwhile (busy, stolen, CPU pressure: other work on the machine shows there). Then the
 *    bare baseline: the same bytes (the zstd answer planns sent) from a bare node:http child, at
 *    the same connections for the same time. BENCH_ONLY=api stops here (no browser).
 * 5. The browser: Debian's Chromium (playwright-core) at 390x844, CPU throttled 4x, signed in as a
 *    buyer: the event page, Going (the RSVP sheet opens and the join code, the map and the seats
 *    are fetched, as for any buyer), Get tickets (tapped, as on a phone); the time from that tap
 *    to the first frame with the chart painted, taken in the page (the seats' tiles in view drawn
 *    and the first seat's button there), then 60 frames of panning the chart (scrolling it a step
 *    a frame, the seats coming into view drawn as it goes): the frames' times; whether the tiles in
 *    view at the end were drawn; and the frames of the half second after, as the seats' buttons
 *    follow the view. Then two baselines of the same pan at the same throttle: on the same
 *    scroller with the chart's seats taken out (the page and the sheet around it), and on a blank
 *    page holding only a scroller of the chart's size (this machine's floor for the method: a
 *    throttled blank page does not hold 16 ms either). Then the same pan as a gesture (gesturePan:
 *    input the compositor scrolls, as it scrolls a finger's pan; decision 0045): the frames it
 *    presented, dropped or showed with content missing, each scroll input's latency to its frame,
 *    Chromium's own scroll jank verdicts, and, in the page, frames whose view lacked a tile of
 *    seats; the same gesture on both baselines. BENCH_RUNS (3) runs of all that.
 *    BENCH_TRACE=file records a Chrome trace of the first run (BENCH_TRACE_CATEGORIES=a,b: its
 *    categories; the default ones slow the page); BENCH_PROFILE=1 prints the first pan's
 *    JavaScript self time by function.
 * Prints the figures with PASS/MISS; asserts nothing (exit 1 only when it could not set up).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type Browser, type CDPSession, type Page, chromium } from 'playwright-core';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database.ts';
import { TILE } from '../apps/web/src/features/seats/seat-chart-layout.ts';
import http from 'node:http';
import { backendPids, cpuMsOfPid, insertBenchUser, log, machineSnapshot, runBench, startBareServer, startPlannsServer, stopChild } from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const PREHELD = Number(process.env.BENCH_PREHELD ?? 1000);
/** BENCH_ONLY=api: steps 1 to 4 (the API's figures), without the browser. */
const ONLY_API = process.env.BENCH_ONLY === 'api';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GOALS = { p99Ms: 50, firstRenderMs: 500, frameMs: 16 };
/** Runs of the browser part (BENCH_RUNS): each a first render, a pan of the chart and the pan's two baselines. */
const RUNS = Number(process.env.BENCH_RUNS) || 3;
/** The pan: this many frames, a step of this many px at each. */
const PAN_FRAMES = 60;
const PAN_STEP = { left: 12, top: 6 };
/**
 * The pan, as text the page runs on a scroller: PAN_FRAMES frames, a PAN_STEP at the start of
 * each (in its animation frame callback); answers the frames' times but the first.
 */
const PAN = `async (scroller) => {
  const times = [];
  let last = performance.now();
  for (let i = 0; i < ${PAN_FRAMES}; i += 1) {
    await new Promise((resolve) => requestAnimationFrame(() => { scroller.scrollBy(${JSON.stringify(PAN_STEP)}); resolve(); }));
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  return times.slice(1);
}`;
const ROWS = 50;
const COLUMNS = 100;

type Json = Record<string, unknown>;

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** What a gesture pan showed: the compositor's frames while it scrolled, and (the chart only) the seats' tiles in view at each animation frame. */
interface GestureFigures {
  /** Time between the frames presented while the scroller moved (vsync to vsync: 16.7 ms a frame kept, 33.3 one dropped). */
  intervals: number[];
  /** Frames of the scroll Chromium did not present (dropped), and those presented with content missing (checkerboard: not yet rastered). */
  dropped: number;
  missing: number;
  presented: number;
  /** Which thread scrolled (SCROLL_COMPOSITOR_THREAD: off the main thread, as a finger's pan on a phone is). */
  threads: string[];
  /** From the first scroll input to the frame that showed it (a blocking listener, or a busy main thread at the start, shows here). */
  firstUpdateMs: number;
  /** Each scroll input's latency to the frame that showed it, and the scrolled frames Chromium's scroll jank metric calls janky. */
  updateMs: number[];
  janky: number;
  /** Where the scroller ended (PAN's whole distance, 720 by 360, when the whole gesture went through). */
  end: [number, number];
  /** The chart only: animation frames during the gesture, and those whose view (at that frame's scroll offset) had a tile of seats not in the page. */
  sampled: number;
  blank: number;
}

/**
 * The pan as a gesture: the same distance as PAN, at about its step a frame (60 a second), sent as input
 * (Input.synthesizeScrollGesture) over the scroller's middle, so that Chromium scrolls it as it
 * scrolls a finger's pan: on the compositor thread, whatever the main thread is doing, with the
 * main thread told after. Headless Chromium makes no scroll of synthetic touches (no gesture
 * detection without a window), so the gesture is sent as precise wheel deltas, which take the same
 * path in the compositor (a scroll gesture with passive listeners only). The frames come from a
 * trace (the `benchmark` category's PipelineReporter: one per frame, presented or dropped, with
 * whether content was missing and which thread scrolled). `tiles`: also look, at each animation
 * frame, for a tile of seats missing from the view (the chart's own part: tiles are put in the page
 * by the main thread after a scroll, so a busy main thread shows as bare squares in the hall).
 */
async function gesturePan(browser: Browser, page: Page, cdp: CDPSession, selector: string, tiles: boolean): Promise<GestureFigures> {
  const centre = await page.evaluate<{ x: number; y: number }>(`(() => {
    const scroller = document.querySelector(${JSON.stringify(selector)});
    scroller.scrollTo(0, 0);
    const box = scroller.getBoundingClientRect();
    return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
  })()`);
  await page.waitForTimeout(500);
  if (tiles)
    await page.evaluate(`(() => {
      const scroller = document.querySelector(${JSON.stringify(selector)});
      const layer = scroller.querySelector('.seat-chart__paint');
      const outer = scroller.getBoundingClientRect();
      const inner = layer.getBoundingClientRect();
      const left = inner.left - outer.left - scroller.clientLeft + scroller.scrollLeft;
      const top = inner.top - outer.top - scroller.clientTop + scroller.scrollTop;
      const across = Math.ceil(layer.offsetWidth / ${TILE});
      const down = Math.ceil(layer.offsetHeight / ${TILE});
      window.__tiles = { sampled: 0, blank: 0, on: true };
      const look = () => {
        if (!window.__tiles.on) return;
        const x0 = Math.max(0, Math.floor((scroller.scrollLeft - left) / ${TILE}));
        const y0 = Math.max(0, Math.floor((scroller.scrollTop - top) / ${TILE}));
        const x1 = Math.min(across - 1, Math.floor((scroller.scrollLeft - left + scroller.clientWidth - 1) / ${TILE}));
        const y1 = Math.min(down - 1, Math.floor((scroller.scrollTop - top + scroller.clientHeight - 1) / ${TILE}));
        const there = new Set();
        for (const tile of layer.children) there.add(Math.round(parseFloat(tile.style.insetInlineStart) / ${TILE}) + ':' + Math.round(parseFloat(tile.style.insetBlockStart) / ${TILE}));
        let whole = true;
        for (let y = y0; y <= y1; y += 1) for (let x = x0; x <= x1; x += 1) if (!there.has(x + ':' + y)) whole = false;
        window.__tiles.sampled += 1;
        if (!whole) window.__tiles.blank += 1;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })()`);
  await browser.startTracing(page, { categories: ['benchmark'] });
  // Negative distances scroll towards the end, as scrollBy's positive steps do; the speed makes it PAN_FRAMES frames at 60 Hz.
  const [dx, dy] = [PAN_STEP.left * PAN_FRAMES, PAN_STEP.top * PAN_FRAMES];
  const speed = Math.round((Math.hypot(dx, dy) * 60) / PAN_FRAMES);
  await cdp.send('Input.synthesizeScrollGesture', { x: centre.x, y: centre.y, xDistance: -dx, yDistance: -dy, speed, gestureSourceType: 'mouse', preventFling: true });
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: {
      name: string;
      ph: string;
      ts: number;
      pid: number;
      id2?: { local?: string };
      args?: {
        frame_reporter?: { state: string; scroll_state: string; has_missing_content?: boolean; checkerboarded_needs_raster?: boolean; checkerboarded_needs_record?: boolean };
        event_latency?: { event_type: string; is_janky_scrolled_frame?: boolean };
      };
    }[];
  };
  const seen = await page.evaluate<{ end: [number, number]; sampled: number; blank: number }>(`(() => {
    const scroller = document.querySelector(${JSON.stringify(selector)});
    const seen = window.__tiles ?? { sampled: 0, blank: 0 };
    if (window.__tiles) window.__tiles.on = false;
    return { end: [scroller.scrollLeft, scroller.scrollTop], sampled: seen.sampled, blank: seen.blank };
  })()`);
  const frames = trace.traceEvents
    .filter((event) => event.name === 'PipelineReporter' && event.ph === 'b' && event.args?.frame_reporter && event.args.frame_reporter.scroll_state !== 'SCROLL_NONE')
    .sort((a, b) => a.ts - b.ts);
  const reporter = (frame: (typeof frames)[number]) => frame.args!.frame_reporter!;
  const presented = frames.filter((frame) => reporter(frame).state.startsWith('STATE_PRESENTED'));
  const intervals = presented.slice(1).map((frame, i) => (frame.ts - presented[i]!.ts) / 1000);
  // Each input event's latency, from its making to the frame that showed it (EventLatency, begun and ended by id).
  const begun = new Map<string, (typeof trace.traceEvents)[number]>();
  const latencies: { type: string; ms: number; janky: boolean }[] = [];
  for (const event of trace.traceEvents.filter((e) => e.name === 'EventLatency').sort((a, b) => a.ts - b.ts)) {
    const key = `${event.pid}:${event.id2?.local ?? ''}`;
    const start = begun.get(key);
    if (event.ph === 'b') begun.set(key, event);
    else if (event.ph === 'e' && start?.args?.event_latency) {
      begun.delete(key);
      latencies.push({ type: start.args.event_latency.event_type, ms: (event.ts - start.ts) / 1000, janky: start.args.event_latency.is_janky_scrolled_frame === true });
    }
  }
  const updates = latencies.filter((l) => l.type === 'GESTURE_SCROLL_UPDATE' || l.type === 'FIRST_GESTURE_SCROLL_UPDATE');
  return {
    firstUpdateMs: latencies.find((l) => l.type === 'FIRST_GESTURE_SCROLL_UPDATE')?.ms ?? Number.NaN,
    updateMs: updates.map((l) => l.ms),
    janky: updates.filter((l) => l.janky).length,
    intervals,
    presented: presented.length,
    dropped: frames.filter((frame) => reporter(frame).state === 'STATE_DROPPED').length,
    missing: presented.filter((frame) => reporter(frame).has_missing_content || reporter(frame).checkerboarded_needs_raster || reporter(frame).checkerboarded_needs_record).length,
    threads: [...new Set(frames.map((frame) => reporter(frame).scroll_state))],
    ...seen,
  };
}

runBench(async ({ scratch, cleanups }) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-seats-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const db = createDb(scratch.url, 4);
  cleanups.push(() => db.destroy());
  const { base, child: plannsChild } = await startPlannsServer(scratch.url, dataDir, { TRUST_PROXY: 'true', PAYMENTS_PROVIDER: 'test' });
  let ip = 0;
  const call = async (method: string, url: string, token: string, body?: Json, server = base): Promise<{ status: number; json: Json }> => {
    ip += 1;
    const res = await fetch(`${server}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Json) : {} };
  };

  // 2. The organiser, the account, the hall and the event.
  const organiser = await insertBenchUser(db, 'Bench Organiser', '+12025550100');
  const account = (await call('POST', '/api/payments', organiser.token, { email: 'bench@example.com' })).json.data as string;
  const onboard = await call('POST', `/api/test-provider/accounts/${account}/onboard`, organiser.token, {
    business_type: 'individual',
    first_name: 'Bench',
    last_name: 'Organiser',
    country: 'ES',
    default_currency: 'EUR',
    accept_terms: true,
  });
  if (onboard.status !== 200) throw new Error(`onboarding: ${onboard.status} ${JSON.stringify(onboard.json)}`);
  for (let i = 0; i < 100; i += 1) {
    const info = await call('GET', '/api/payments/info', organiser.token);
    if ((info.json.data as { status?: string } | undefined)?.status === 'active') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seatTypes = [
    { label: 'Front', price: 6000 },
    { label: 'Stalls', price: 4000 },
    { label: 'Circle', price: 2500 },
    { label: 'Gallery', price: 1500 },
  ];
  const scheme = await call('POST', '/api/seats/templates', organiser.token, {
    name: 'Bench hall',
    data: {
      rows: ROWS,
      columns: COLUMNS,
      rowSpacers: [10, 30],
      columnSpacers: [25, 75],
      seatTypes,
      seatTypeAreas: [
        { type: 0, rows: [0, 4] },
        { type: 2, rows: [30, 39] },
        { type: 3, rows: [40, 49] },
      ],
      seatLabel: { skipLetters: 'IO', blocks: 'between-spacers', numbering: [{ order: 'right-to-left', step: 2, firstSeat: 2 }, { order: 'left-to-right', step: 1, firstSeat: 101 }, { order: 'left-to-right', step: 2, firstSeat: 1 }] },
    },
  });
  if (scheme.status !== 200) throw new Error(`scheme: ${scheme.status} ${JSON.stringify(scheme.json)}`);
  const schemeId = (scheme.json.data as { id: number; seat_count: number }).id;
  log(`scheme: ${(scheme.json.data as { seat_count: number }).seat_count} seats`);
  const created = await call('POST', '/api/events/create', organiser.token, {
    name: 'Bench seated night',
    start_date: '2030-06-01 20:00:00',
    location_type: 'virtual',
    url: 'https://meet.example.com/bench',
    is_attending: false,
    pricing_mode: 'multiple',
    currency: 'EUR',
    seated: true,
    seat_template_id: schemeId,
    ticket_types: seatTypes.map((type, i) => ({ name: type.label, price: type.price, currency: 'EUR', seat_type: i })),
  });
  if (created.status !== 200) throw new Error(`event: ${created.status} ${JSON.stringify(created.json)}`);
  const event = created.json.data as { id: number; hash: string };
  await call('POST', `/api/payments/create-product/${event.id}`, organiser.token);

  // 3. Seats held first. Buyers pick distinct seats so every hold is taken.
  const free: { row: number; col: number }[] = [];
  for (let row = 0; row < ROWS; row += 1) for (let col = 0; col < COLUMNS; col += 1) free.push({ row, col });
  for (let i = free.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  // Past the 100 viewers, 300 more buyers hold seats during the load on the server with the snapshot off.
  const buyers = await Promise.all(Array.from({ length: Math.ceil(PREHELD / 5) + 700 }, (_, i) => insertBenchUser(db, `Buyer ${i}`, `+1202555${String(1000 + i).padStart(4, '0')}`)));
  const embedUrl = (seats: { row: number; col: number }[], session: string) =>
    `/api/payments/embed/${event.id}?current_session=${session}&${seats.map((s, i) => `seats[${i}][row]=${s.row}&seats[${i}][col]=${s.col}`).join('&')}`;
  let next = 0;
  const preheldBuyers = Math.ceil(PREHELD / 5);
  for (let i = 0; i < preheldBuyers; i += 1) {
    const seats = free.slice(next, next + 5);
    next += 5;
    const held = await call('GET', embedUrl(seats, `bench-pre-${i}`), buyers[i]!.token);
    if (held.status !== 200) throw new Error(`pre-hold: ${held.status} ${JSON.stringify(held.json)}`);
  }
  log(`${preheldBuyers * 5} seats held`);

  // 4. The load, with holds being taken through the server measured: first a second server with
  // the seat snapshot off (every answer read and written anew), then the first (the snapshot on).
  const viewers = buyers.slice(preheldBuyers + 300, preheldBuyers + 400);
  const seatVersion = async () =>
    Number((await sql<{ version: string }>`SELECT coalesce((SELECT version FROM event_seat_versions WHERE event_id = ${event.id}), 0) AS version`.execute(db)).rows[0]!.version);
  // CPU time of the server measured and of its database's PostgreSQL backends (the bench's own few among them).
  const database = new URL(scratch.url).pathname.slice(1);
  const cpuNow = async (pid: number) => {
    let pg = 0;
    for (const backend of await backendPids(database)) pg += (await cpuMsOfPid(backend)) ?? 0;
    return { server: (await cpuMsOfPid(pid)) ?? Number.NaN, pg };
  };
  const load = async (server: string, serverPid: number, holders: { token: string }[], session: string) => {
    let holding = true;
    const holdTimes: number[] = [];
    let refused = 0;
    const versionBefore = await seatVersion();
    const machineBefore = await machineSnapshot();
    const cpuBefore = await cpuNow(serverPid);
    const holds = (async () => {
      for (let i = 0; holding && i < holders.length; i += 1) {
        const started = performance.now();
        // Some of these overlap seats taken already: those are refused with the seat named.
        const seats = Math.random() < 0.2 ? free.slice(next - 3, next - 1) : free.slice(next, next + 2);
        next += 2;
        const answer = await call('GET', embedUrl(seats, `bench-${session}-${i}`), holders[i]!.token, undefined, server);
        holdTimes.push(performance.now() - started);
        if (answer.status !== 200) refused += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (performance.now() - started))));
      }
    })();
    let request = 0;
    // Snapshots the server built (its Server-Timing says `seats;desc=built;dur=…` on the answer that built one), and their times.
    const builds: number[] = [];
    // How many requests' checks the statement that checked each answer read (`check;desc="n"`, decision 0046).
    const batched: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: server,
          connections: 50,
          duration: SECONDS,
          timeout: 30,
          requests: [
            {
              method: 'GET',
              path: `/api/seats/${event.id}`,
              setupRequest: (req) => {
                request += 1;
                return { ...req, headers: { ...req.headers, authorization: `Bearer ${viewers[request % viewers.length]!.token}`, 'accept-encoding': 'gzip, deflate, br, zstd' } };
              },
              onResponse: (_status, _body, _context, headers) => {
                const header = String(headers['server-timing'] ?? headers['Server-Timing'] ?? '');
                const timing = /desc=built;dur=([\d.]+)/.exec(header);
                if (timing) builds.push(Number(timing[1]));
                const check = /check;desc="(\d+)"/.exec(header);
                if (check) batched.push(Number(check[1]));
              },
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
    });
    const machineAfter = await machineSnapshot();
    const cpuAfter = await cpuNow(serverPid);
    holding = false;
    await holds;
    const versions = (await seatVersion()) - versionBefore;
    const jiffies = machineAfter.total - machineBefore.total;
    const machine = { busy: (machineAfter.busy - machineBefore.busy) / jiffies, steal: (machineAfter.steal - machineBefore.steal) / jiffies, stallMs: (machineAfter.stallUs - machineBefore.stallUs) / 1000 };
    const sample = await fetch(`${server}/api/seats/${event.id}`, { headers: { authorization: `Bearer ${viewers[0]!.token}` } });
    const taken = ((await sample.json()) as { data: unknown[] }).data.length;
    const cpu = { server: (cpuAfter.server - cpuBefore.server) / result.requests.total, pg: (cpuAfter.pg - cpuBefore.pg) / result.requests.total };
    return { result, holdTimes, refused, builds, versions, taken, machine, cpu, batched };
  };
  const report = (label: string, run: Awaited<ReturnType<typeof load>>) => {
    const { result } = run;
    console.log(`\nGET /api/seats/${event.id}, ${label} (${run.taken} seats taken of ${ROWS * COLUMNS} at the end), 50 connections, ${SECONDS} s, 100 viewers in turn:`);
    console.log(`  ${Math.round(result.requests.average)} requests a second, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`);
    console.log(`  ${mark(result.latency.p99 <= GOALS.p99Ms)}  p99 ${result.latency.p99} ms (<= ${GOALS.p99Ms} ms)`);
    const sortedHolds = [...run.holdTimes].sort((a, b) => a - b);
    console.log(`  meanwhile ${run.holdTimes.length} holds of 2 seats (${run.refused} refused: a seat taken), p50 ${pct(sortedHolds, 50).toFixed(0)} ms, p99 ${pct(sortedHolds, 99).toFixed(0)} ms`);
    const sortedBuilds = [...run.builds].sort((a, b) => a - b);
    const buildTimes = sortedBuilds.length > 0 ? ` (each read and made in p50 ${pct(sortedBuilds, 50).toFixed(1)} ms, max ${sortedBuilds.at(-1)!.toFixed(1)} ms)` : '';
    console.log(`  seat versions made meanwhile: ${run.versions}; snapshots built: ${run.builds.length} of ${result.requests.total} answers${buildTimes}`);
    if (run.batched.length > 0) {
      const sortedBatched = [...run.batched].sort((a, b) => a - b);
      const statements = run.batched.reduce((sum, n) => sum + 1 / n, 0);
      console.log(`  checks (session, event, seat key): ${Math.round(statements)} statements for ${run.batched.length} answers; requests checked together per answer p50 ${pct(sortedBatched, 50)}, p99 ${pct(sortedBatched, 99)}, max ${sortedBatched.at(-1)}`);
    }
    console.log(`  CPU per answer (the holds' included): the server ${run.cpu.server.toFixed(2)} ms, PostgreSQL ${run.cpu.pg.toFixed(2)} ms`);
    // Other work on this machine shows here (the whole machine: this run's processes and anyone else's).
    console.log(`  the machine meanwhile: ${(run.machine.busy * 100).toFixed(0)}% busy, ${(run.machine.steal * 100).toFixed(1)}% stolen, CPU pressure stall ${(run.machine.stallMs / 1000).toFixed(1)} s`);
  };
  const offDir = path.join(dataDir, 'snapshot-off');
  await fs.mkdir(offDir);
  const off = await startPlannsServer(scratch.url, offDir, { TRUST_PROXY: 'true', PAYMENTS_PROVIDER: 'test', RUN_JOBS: 'false', SEATS_SNAPSHOT_EVENTS: '0' });
  log(`a second server with the seat snapshot off (SEATS_SNAPSHOT_EVENTS=0) on ${off.base}`);
  const uncached = await load(off.base, off.child.pid!, buyers.slice(preheldBuyers + 400, preheldBuyers + 700), 'off');
  await stopChild(off.child);
  const cached = await load(base, plannsChild.pid!, buyers.slice(preheldBuyers, preheldBuyers + 300), 'run');
  report('the snapshot off (SEATS_SNAPSHOT_EVENTS=0: every answer read and written anew)', uncached);
  report('the snapshot on (the default: cached while the seats do not change)', cached);
  const result = cached.result;

  // 4b. The bare baseline of the same bytes: a node:http child answering the answer planns sent
  // (zstd, as to the browser), at the same 50 connections for the same time: this machine's
  // ceiling for these bytes, beside planns' figure.
  const wire = await new Promise<{ body: Buffer; encoding: string }>((resolve, reject) => {
    http
      .get(`${base}/api/seats/${event.id}`, { headers: { authorization: `Bearer ${viewers[0]!.token}`, 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      })
      .on('error', reject);
  });
  const bare = await startBareServer(wire.body, 'application/json; charset=utf-8', dataDir, { 'content-encoding': wire.encoding });
  const bareResult = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: `${bare.url}/api/seats/${event.id}`, connections: 50, duration: SECONDS, timeout: 30, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (err, res) => (err ? reject(err) : resolve(res)));
  });
  await stopChild(bare.child);
  console.log(
    `  bare baseline (the same ${wire.body.length} bytes, ${wire.encoding}, from a bare node:http server): ${Math.round(bareResult.requests.average)} requests a second, p50 ${bareResult.latency.p50} ms, p99 ${bareResult.latency.p99} ms`,
  );
  console.log(`  planns: ${(result.requests.average / bareResult.requests.average).toFixed(2)}x the bare server's requests a second with the snapshot on, ${(uncached.result.requests.average / bareResult.requests.average).toFixed(2)}x with it off`);
  if (ONLY_API) return;

  // 5. The browser.
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  cleanups.push(() => browser.close());
  const renders: number[] = [];
  const frames: number[] = [];
  const settleFrames: number[] = [];
  const tilesShown: string[] = [];
  const emptyFrames: number[] = [];
  const bareFrames: number[] = [];
  const gestures: GestureFigures[] = [];
  const emptyGestures: GestureFigures[] = [];
  const bareGestures: GestureFigures[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
    const buyer = buyers[preheldBuyers + 250 + run]!;
    await context.addCookies([{ name: 'planns_session', value: buyer.token, url: base, httpOnly: true }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${base}/events/${event.hash}`);
    const going = page.getByRole('region', { name: 'Are you going?' }).getByRole('button', { name: 'Going', exact: true });
    await going.tap();
    const sheet = page.getByRole('dialog');
    const getTickets = sheet.getByRole('button', { name: 'Get tickets' });
    // Now and then the first tap opens no sheet (seen about one run in ten here): tapped again.
    await getTickets.waitFor({ timeout: 10_000 }).catch(() => going.tap());
    await getTickets.waitFor({ timeout: 20_000 }).catch(async (err: unknown) => {
      await page.screenshot({ path: path.join(os.tmpdir(), 'bench-seats-failed.png') });
      throw err;
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The clock starts at the tap (the page's own clock; this script has no DOM types: the page runs these as text).
    // ... and stops when the first frame that has the chart is painted: the seats' tiles in view
    // decoded (the chart's data-painted) and the first seat's button there, looked for at each frame
    // by the page itself.
    await page.evaluate(`window.__t0 = 0; window.__drawn = 0;
      document.addEventListener('click', () => {
        window.__t0 = performance.now();
        // Found in a frame's callback: the time is taken once that frame is laid out and painted.
        const look = () => (document.querySelector('.seat-chart__grid[data-painted] [data-seat="0:0"]') ? setTimeout(() => (window.__drawn = performance.now()), 0) : requestAnimationFrame(look));
        requestAnimationFrame(look);
      }, { capture: true, once: true });`);
    // BENCH_TRACE=file: a Chrome trace of the first run's render and pan, to see where the time goes.
    const tracing = run === 0 && process.env.BENCH_TRACE ? process.env.BENCH_TRACE : null;
    if (tracing) await browser.startTracing(page, { path: tracing, screenshots: false, ...(process.env.BENCH_TRACE_CATEGORIES ? { categories: process.env.BENCH_TRACE_CATEGORIES.split(',') } : {}) });
    await getTickets.tap();
    await page.locator('[data-seat="0:0"]').waitFor({ timeout: 60_000 });
    await page.waitForFunction('window.__drawn > 0');
    const rendered = await page.evaluate<number>('window.__drawn - window.__t0');
    renders.push(rendered);
    const profiling = run === 0 && process.env.BENCH_PROFILE;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const panned = await page.evaluate<{ times: number[]; after: number[]; shown: number; wanted: number }>(`(async () => {
      const scroller = document.querySelector('.seat-chart__scroller');
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const times = await (${PAN})(scroller);
      // Were the seats there as it went? The tiles the view shows at the end of the pan, drawn.
      const view = scroller.getBoundingClientRect();
      const tiles = [...document.querySelectorAll('.seat-chart__tile')].filter((tile) => {
        const box = tile.getBoundingClientRect();
        return box.right > view.left && box.left < view.right && box.bottom > view.top && box.top < view.bottom;
      });
      const shown = tiles.filter((tile) => tile.childElementCount > 0).length;
      // Then the frames of the next half second, as the seats' buttons follow the view.
      const after = [];
      let last = performance.now();
      const until = performance.now() + 500;
      while (performance.now() < until) {
        await frame();
        const now = performance.now();
        after.push(now - last);
        last = now;
      }
      return { times, after, shown, wanted: tiles.length };
    })()`);
    if (profiling) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number; children?: number[] }[]; samples: number[]; timeDeltas: number[] } };
      // Self time by function, in the order of the heaviest: where the pan's frames went.
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const self = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const frame = byId.get(id)!.callFrame;
        const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      });
      console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([key, ms]) => `  ${ms.toFixed(1)} ms ${key}`).join('\n'));
    }
    tilesShown.push(`${panned.shown} of ${panned.wanted}`);
    settleFrames.push(...panned.after);
    frames.push(...panned.times);
    if (tracing) await browser.stopTracing();
    // The same pan as a gesture (the compositor scrolling, as for a finger), from the chart's start.
    gestures.push(await gesturePan(browser, page, cdp, '.seat-chart__scroller', true));
    // Baselines, in the same browser at the same throttle: the same pan on the same scroller with
    // the chart's seats taken out (the page and the sheet around the chart) ...
    const box = await page.evaluate<{ width: number; height: number; contentWidth: number; contentHeight: number }>(`(() => {
      const scroller = document.querySelector('.seat-chart__scroller');
      scroller.scrollTo(0, 0);
      for (const element of document.querySelectorAll('.seat-chart__grid > *')) element.style.display = 'none';
      return { width: scroller.offsetWidth, height: scroller.offsetHeight, contentWidth: scroller.scrollWidth, contentHeight: scroller.scrollHeight };
    })()`);
    await page.waitForTimeout(500);
    emptyFrames.push(...(await page.evaluate<number[]>(`(${PAN})(document.querySelector('.seat-chart__scroller'))`)));
    emptyGestures.push(await gesturePan(browser, page, cdp, '.seat-chart__scroller', false));
    await context.close();
    // ... and on a blank page holding only a scroller of the chart's size.
    const bare = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const barePage = await bare.newPage();
    await barePage.setContent(`<meta name="viewport" content="width=device-width, initial-scale=1"><div id="s" style="overflow:auto;width:${box.width}px;height:${box.height}px;margin:16px auto;border:1px solid #ccc"><div style="width:${box.contentWidth}px;height:${box.contentHeight}px"></div></div>`);
    const bareCdp = await bare.newCDPSession(barePage);
    await bareCdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await barePage.waitForTimeout(500);
    bareFrames.push(...(await barePage.evaluate<number[]>(`(${PAN})(document.getElementById('s'))`)));
    // (a scroller of nothing presents no frames as it scrolls: the gesture's gets a pattern to move)
    await barePage.evaluate(`document.querySelector('#s > div').style.background = 'repeating-linear-gradient(45deg, #eee 0 10px, #fff 10px 20px)'`);
    bareGestures.push(await gesturePan(browser, barePage, bareCdp, '#s', false));
    await bare.close();
  }
  const frameFigures = (label: string, times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `${label}: p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`;
  };
  const over = (times: number[], ms: number) => `${times.filter((t) => t > ms).length} of ${times.length}`;
  const sortedRenders = [...renders].sort((a, b) => a - b);
  const sortedFrames = [...frames].sort((a, b) => a - b);
  const medianRender = pct(sortedRenders, 50);
  console.log(`\nThe seat chart in Chromium at 390x844, CPU 4x slower, ${ROWS * COLUMNS} places (${RUNS} runs):`);
  console.log(`  first render (tap on Get tickets to the chart painted; code, map and seats fetched since the Going tap): ${renders.map((r) => r.toFixed(0)).join(', ')} ms`);
  console.log(`  ${mark(medianRender <= GOALS.firstRenderMs)}  median ${medianRender.toFixed(0)} ms (<= ${GOALS.firstRenderMs} ms)`);
  console.log(`  ${frameFigures('pan frames', frames)}`);
  console.log(`  ${mark(pct(sortedFrames, 95) <= GOALS.frameMs + 1)}  p95 frame ${pct(sortedFrames, 95).toFixed(1)} ms (<= ${GOALS.frameMs} ms, a frame at 60 Hz)`);
  console.log(`  baselines, the same pan at the same throttle: ${frameFigures('the sheet with the chart\'s seats taken out', emptyFrames)}; ${frameFigures('a blank page holding a scroller of the chart\'s size', bareFrames)}`);
  console.log(`  frames over 20 ms: the chart ${over(frames, 20)}, the sheet without seats ${over(emptyFrames, 20)}, the blank page ${over(bareFrames, 20)}`);
  console.log(`  tiles in view drawn at the end of each pan: ${tilesShown.join(', ')}`);
  console.log(`  ${frameFigures("the half second after each pan (the seats' buttons follow the view)", settleFrames)}`);
  // The gesture: the frames the compositor presented as it scrolled.
  const gestureFigures = (label: string, list: GestureFigures[]) => {
    const intervals = list.flatMap((g) => g.intervals);
    const presented = list.reduce((n, g) => n + g.presented, 0);
    const updates = list.flatMap((g) => g.updateMs).sort((a, b) => a - b);
    return (
      `${frameFigures(label, intervals)}; ${presented} frames presented, ${list.reduce((n, g) => n + g.dropped, 0)} dropped, ` +
      `${list.reduce((n, g) => n + g.missing, 0)} with content missing; scroll input to its frame p50 ${pct(updates, 50).toFixed(1)} ms, p95 ${pct(updates, 95).toFixed(1)} ms ` +
      `(janky by Chromium's scroll jank metric: ${list.reduce((n, g) => n + g.janky, 0)} of ${updates.length}), the first ${list.map((g) => g.firstUpdateMs.toFixed(0)).join(', ')} ms; ` +
      `scroll state ${[...new Set(list.flatMap((g) => g.threads))].join(', ')}; ended at ${list.map((g) => g.end.join(',')).join(' ')}`
    );
  };
  const gestureIntervals = gestures.flatMap((g) => g.intervals).sort((a, b) => a - b);
  console.log(`\nThe same pan as a gesture (wheel deltas at ${PAN_STEP.left} by ${PAN_STEP.top} px a frame, scrolled as a finger's pan is), the compositor's frames from a trace:`);
  console.log(`  ${gestureFigures('the chart', gestures)}`);
  console.log(`  ${mark(gestureIntervals.length > 0 && pct(gestureIntervals, 95) <= GOALS.frameMs + 1)}  p95 frame ${pct(gestureIntervals, 95).toFixed(1)} ms (<= ${GOALS.frameMs} ms, a frame at 60 Hz)`);
  console.log(`  the chart's own part: animation frames whose view had a tile of seats not yet in the page: ${gestures.map((g) => `${g.blank} of ${g.sampled}`).join(', ')}`);
  console.log(`  baselines, the same gesture: ${gestureFigures('the sheet without seats', emptyGestures)}; ${gestureFigures('the blank page', bareGestures)}`);
});
