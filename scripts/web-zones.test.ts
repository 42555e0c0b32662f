import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { checkImportGraph, checkSurface, readPublicSurface, relativeImports, type PublicSurface } from './web-zones.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('the import-graph check (check-structure)', () => {
  const surface: PublicSurface = { events: ['event-format.ts'], rsvp: [], share: ['share-panel.tsx'] };
  const check = (from: string, source: string) => checkImportGraph(new Map([[from, source]]), surface);

  it('lets a feature import its own files, another domain public files, and components, lib and api', () => {
    const source = [
      "import { RsvpSheet } from './rsvp-sheet.tsx';",
      "import { formatPrice } from '../events/event-format.ts';",
      "import { Sheet } from '../../components/sheet.tsx';",
      "import { useEvent } from '../../api/events/get-event.ts';",
      "import { showNotice } from '../../lib/notice.ts';",
      "const SharePanel = lazy(() => import('../share/share-panel.tsx'));",
    ].join('\n');
    expect(check('features/rsvp/rsvp-block.tsx', source)).toEqual([]);
    expect(check('features/events/list/events-list-page.tsx', "import { x } from '../page/event-facts.tsx';")).toEqual([]);
  });

  it("refuses another domain's internals, static or dynamic, and app/ from a feature", () => {
    expect(check('features/share/share-button.tsx', "import { rsvpState } from '../rsvp/rsvp-state.ts';")).toEqual([
      "apps/web/src/features/share/share-button.tsx: imports '../rsvp/rsvp-state.ts': features/rsvp/rsvp-state.ts is internal to \"rsvp\" (its public files: none)",
    ]);
    expect(check('features/events/page/event-facts.tsx', "const m = await import('../../share/share-text.ts');")).toHaveLength(1);
    expect(check('features/events/page/event-facts.tsx', "import '../../rsvp/rsvp-block.css';")).toHaveLength(1);
    expect(check('features/rsvp/rsvp-block.tsx', "import { AppShell } from '../../app/shell/app-shell.tsx';")).toHaveLength(1);
  });

  it('refuses features and app from components, lib and api; app may import any feature file', () => {
    expect(check('lib/notice.ts', "import { x } from '../features/events/event-format.ts';")).toHaveLength(1);
    expect(check('components/sheet.tsx', "import { x } from '../app/router.tsx';")).toHaveLength(1);
    expect(check('api/events/get-event.ts', "import { x } from '../../features/rsvp/rsvp-state.ts';")).toHaveLength(1);
    expect(check('app/routes/event/event-page.tsx', "import { x } from '../../../features/rsvp/rsvp-state.ts';")).toEqual([]);
  });

  it('reads every kind of relative import and nothing else', () => {
    const source = "import a from './a.ts';\nexport { b } from '../b.ts';\nimport './c.css';\nconst d = import('./d.tsx');\nimport e from 'react';\n// from './not-an-import' in prose";
    expect(relativeImports(source).sort()).toEqual(['../b.ts', './a.ts', './c.css', './d.tsx']);
  });

  it('refuses a features/ folder that is not a listed domain, and a listed public file that is missing', () => {
    expect(checkSurface(['events', 'event-page'], { events: ['event-format.ts'] }, () => true)).toEqual([
      'apps/web/src/features/event-page: not a domain listed in apps/web/src/features/public-surface.json (name it as its server module)',
    ]);
    expect(checkSurface(['events'], { events: ['gone.ts'] }, () => false)).toHaveLength(1);
  });
});

describe('the lint zones (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: root });
  const surface = readPublicSurface(root);

  async function zoneErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath: path.join(root, 'apps/web/src', file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it('names public files that exist', () => {
    expect(surface.share).toContain('share-panel.tsx');
  });

  it("fails a feature importing another domain's internals, at any depth", async () => {
    expect(await zoneErrors('features/comments/comments-probe.tsx', "import { value } from '../gallery/gallery-grid.tsx';")).toHaveLength(1);
    expect(await zoneErrors('features/events/page/probe.tsx', "import { value } from '../../rsvp/rsvp-state.ts';")).toHaveLength(1);
    expect(await zoneErrors('features/rsvp/probe.ts', "import { value } from '../../app/shell/app-shell.tsx';")).toHaveLength(1);
  });

  it("passes a feature importing another domain's public files and its own", async () => {
    expect(await zoneErrors('features/gallery/probe.tsx', "import { value } from '../share/share-panel.tsx';")).toEqual([]);
    expect(await zoneErrors('features/events/page/probe.tsx', "import { value } from '../../guests/guest-list-sheet.tsx';")).toEqual([]);
    expect(await zoneErrors('features/events/page/probe.tsx', "import { value } from '../list/event-filters.ts';")).toEqual([]);
  });

  it('fails lib, components and api importing features or app; passes app/routes importing any feature file', async () => {
    expect(await zoneErrors('lib/probe.ts', "import { value } from '../features/events/event-format.ts';")).toHaveLength(1);
    expect(await zoneErrors('components/probe.tsx', "import { value } from '../app/router.tsx';")).toHaveLength(1);
    expect(await zoneErrors('api/events/probe.ts', "import { value } from '../../features/rsvp/rsvp-state.ts';")).toHaveLength(1);
    expect(await zoneErrors('app/routes/probe.tsx', "import { value } from '../../features/rsvp/rsvp-state.ts';")).toEqual([]);
  });
});
