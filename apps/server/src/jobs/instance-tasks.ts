import type { AppDeps } from '../deps.ts';
import { sweepUploadTempFiles, UPLOAD_TEMP_MAX_IDLE_MS } from '../media/upload-temp-files.ts';
import { LocalStorageProvider } from '../providers/storage/local-storage.ts';
import type { JobLog } from './job-runner.ts';

interface InstanceTask {
  description: string;
  everyMs: number;
  run: (deps: AppDeps) => Promise<string | void>;
}

/**
 * Work each instance does for itself, on its own timer, rather than on the shared queue: it is
 * about this machine's files, which another instance cannot see (decision 0026). Shared state
 * (rows, stored files) is swept by scheduled jobs (jobs.ts) instead, once for all instances.
 * The live rooms' minute re-check of this instance's own sockets is of the same kind and stays
 * with the socket server (realtime/socket-server.ts).
 */
export const INSTANCE_TASKS = {
  /** Upload bodies left in DATA_DIR/tmp by a killed server sharing DATA_DIR, idle for an hour. */
  'uploads.sweep_temp_files': {
    description: 'remove upload temporary files idle for an hour',
    everyMs: 60 * 60 * 1000,
    run: async (deps) => {
      const removed = await sweepUploadTempFiles(deps.config.dataDir, { idleMs: UPLOAD_TEMP_MAX_IDLE_MS });
      return removed > 0 ? `removed ${removed} upload temporary file(s) idle for over an hour` : undefined;
    },
  },
  /** Local storage: files a killed server left half-written in DATA_DIR/media/.incoming, idle for an hour. */
  'storage.sweep_incoming_files': {
    description: 'remove half-written local storage files idle for an hour',
    everyMs: 60 * 60 * 1000,
    run: async (deps) => {
      if (!(deps.storage instanceof LocalStorageProvider)) return;
      const removed = await deps.storage.sweepIncoming(UPLOAD_TEMP_MAX_IDLE_MS);
      return removed > 0 ? `removed ${removed} half-written media file(s) idle for over an hour` : undefined;
    },
  },
} satisfies Record<string, InstanceTask>;

/** Runs each instance task now and then every `everyMs`; the returned function stops them. */
export function startInstanceTasks(deps: AppDeps, log: JobLog): () => void {
  const timers = Object.entries(INSTANCE_TASKS).map(([name, task]: [string, InstanceTask]) => {
    const tick = () => {
      task.run(deps).then(
        (said) => said && log('info', `${name}: ${said}`),
        (err: unknown) => log('warn', `${name} failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    };
    tick();
    const timer = setInterval(tick, task.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
