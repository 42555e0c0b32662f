/**
 * The page's first script: the app itself (main.tsx) is loaded from here.
 *
 * A first screen the server rendered (decision 0035) is already readable and styled: the browser
 * paints it, with its largest pictures, before the app's code is even fetched, and only then loads
 * the code that makes it interactive (decision 0047). The chunks the screen needs are named by the
 * server in a data block (#planns-chunks) instead of as preload links, so that the browser does not
 * spend the first moments of a slow connection on code while the pictures wait. Any other page
 * loads the app at once (index.html preloads its chunks). The app's styles stay the app's (main.tsx
 * imports them, in the order the cascade relies on); index.html links them.
 */

/** How long the app waits at most for the screen's first pictures before loading anyway. */
const PICTURES_WAIT_MS = 2500;

/** Settles once every picture the server marked as the screen's largest paint has loaded (or failed). */
function firstPictures(): Promise<unknown> {
  const waiting = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((image) => !image.complete);
  return Promise.all(
    waiting.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
}

/**
 * Settles after the next frame has been painted; at once in a tab that is not shown (which paints
 * nothing and runs no animation frame until it is), and after a second at most all the same. The
 * frame can be late: the first layout of a page of cards takes 150 ms on a slow machine.
 */
function afterPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    requestAnimationFrame(() => setTimeout(done, 0));
    setTimeout(done, 1000);
  });
}

/** The chunks a rendered screen needs, as the server named them (none on other pages). */
function renderedScreenChunks(): string[] {
  const block = document.getElementById('planns-chunks');
  if (!block?.textContent) return [];
  try {
    const chunks: unknown = JSON.parse(block.textContent);
    return Array.isArray(chunks) ? chunks.filter((chunk): chunk is string => typeof chunk === 'string' && chunk.startsWith('/assets/')) : [];
  } catch {
    return [];
  }
}

async function boot(): Promise<void> {
  if (document.getElementById('root')?.firstElementChild) {
    await Promise.race([firstPictures(), new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS))]);
    await afterPaint();
    // Every chunk at once, rather than one import discovering the next.
    for (const href of renderedScreenChunks()) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      // As the page's own module scripts are fetched (index.html's crossorigin): the import finds them.
      link.crossOrigin = '';
      document.head.append(link);
    }
  }
  await import('./main.tsx');
}

void boot();
