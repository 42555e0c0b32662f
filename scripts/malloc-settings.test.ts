import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALLOC_SETTINGS, missingMallocSettings } from './malloc-settings.ts';

const onLinux = process.platform === 'linux';

/**
 * A Node process that restarts itself with the settings: each start writes a line (synchronously:
 * the restart drops anything still buffered), then the last prints what it ended with.
 */
function runRestarting(env: NodeJS.ProcessEnv) {
  const script = `
    import fs from 'node:fs';
    import { restartWithMallocSettings } from ${JSON.stringify(path.join(import.meta.dirname, 'malloc-settings.ts'))};
    fs.writeSync(1, 'start ' + process.pid + '\\n');
    restartWithMallocSettings();
    fs.writeSync(1, JSON.stringify({ pid: process.pid, arena: process.env.MALLOC_ARENA_MAX ?? null, mmap: process.env.MALLOC_MMAP_THRESHOLD_ ?? null }) + '\\n');
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  const lines = result.stdout.trim().split('\n');
  return { spawnedPid: result.pid, starts: lines.slice(0, -1), end: JSON.parse(lines.at(-1)!) as { pid: number; arena: string | null; mmap: string | null } };
}

/** This environment without the settings (and without a preloaded allocator). */
function withoutSettings(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [...Object.keys(MALLOC_SETTINGS), 'LD_PRELOAD']) delete env[key];
  return { ...env, ...extra };
}

describe('glibc allocator settings for the server', () => {
  it.runIf(onLinux)('lists what the environment lacks, and nothing a person set or with jemalloc preloaded', () => {
    expect(missingMallocSettings({})).toEqual(MALLOC_SETTINGS);
    expect(missingMallocSettings({ MALLOC_ARENA_MAX: '4' })).toEqual({ MALLOC_MMAP_THRESHOLD_: MALLOC_SETTINGS.MALLOC_MMAP_THRESHOLD_ });
    expect(missingMallocSettings({ ...MALLOC_SETTINGS })).toEqual({});
    expect(missingMallocSettings({ LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2' })).toEqual({});
  });

  it.runIf(onLinux)('restarts the process in place with the settings: the same pid, once', () => {
    const run = runRestarting(withoutSettings());
    expect(run.end).toEqual({ pid: run.spawnedPid, arena: '2', mmap: '131072' });
    // Two starts of the one process that was spawned: execve keeps the pid (npm, a terminal or a
    // process manager see no change), and the second start finds nothing missing.
    expect(run.starts).toEqual([`start ${run.spawnedPid}`, `start ${run.spawnedPid}`]);
  });

  it.runIf(onLinux)('keeps a value a person chose and adds only the other; does not restart when nothing is missing', () => {
    const chosen = runRestarting(withoutSettings({ MALLOC_ARENA_MAX: '8' }));
    expect(chosen.end).toMatchObject({ arena: '8', mmap: '131072' });
    const complete = runRestarting(withoutSettings({ MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '65536' }));
    expect(complete.starts).toHaveLength(1);
    expect(complete.end).toMatchObject({ arena: '8', mmap: '65536' });
  });
});
