/**
 * glibc's allocator settings for the server process (decision 0022). glibc keeps memory that
 * libvips' worker threads free in per-thread arenas, and serves large buffers from them once the
 * mmap threshold has grown: after a burst of picture uploads the server kept about 400 MB it no
 * longer used. Two arenas, and large blocks always mapped (so returned to the system when freed),
 * bring it back near its level before the burst (README, "Gallery uploads").
 *
 * glibc reads these once, when the process starts: `npm start` restarts itself with them
 * (restartWithMallocSettings), the benchmark starts its server with them. Other systems (musl,
 * macOS) ignore them. Set either variable yourself to choose your own value; jemalloc in
 * LD_PRELOAD replaces glibc's allocator and they are not added.
 */
export const MALLOC_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: String(128 * 1024),
};

/** The settings this environment lacks (none off Linux, or with jemalloc preloaded). */
export function missingMallocSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (process.platform !== 'linux' || /jemalloc/.test(env.LD_PRELOAD ?? '')) return {};
  return Object.fromEntries(Object.entries(MALLOC_SETTINGS).filter(([key]) => env[key] === undefined));
}

/**
 * When settings are missing, replaces this process with the same command plus the settings
 * (execve: the same pid, terminal, stdio and signals, so `npm start` and whoever stops it see no
 * difference). Returns only when nothing is missing, or the Node has no process.execve.
 */
export function restartWithMallocSettings(): void {
  const missing = missingMallocSettings();
  if (Object.keys(missing).length === 0 || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...missing });
}
