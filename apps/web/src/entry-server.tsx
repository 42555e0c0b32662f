/**
 * The server's render of the first screens people land on (issue 16, decision 0035): /events and
 * an event page, as the browser's first render would draw them, with the answers of the calls
 * they make. Built by `vite build --ssr` into dist/.ssr/entry-server.js and called by the server
 * (apps/server/src/web/server-render.ts), which answers the calls through its own routes for the
 * person asking (their session, their address): nothing here reaches the database itself.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter, matchPath } from 'react-router';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { eventListRequestPath, eventRequestPath } from '@planns/shared/events/events.rules';
import { eventListReplySchema, eventReplySchema } from '@planns/shared/events/events.schemas';
import { parseEventPreset } from '@planns/shared/events/event-presets.rules';
import { isRtl, LANGUAGES, type Language } from '@planns/shared/i18n/languages';
import { userReplySchema } from '@planns/shared/users/users.schemas';
import { eventQueryKey } from './api/events/get-event.ts';
import { eventListQueryKey, type EventListData } from './api/events/list-events.ts';
import { currentUserQueryKey } from './api/users/get-current-user.ts';
import { checkConfigReply, configQueryOptions } from './api/config/get-config.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { serializeServerState, type ServerState } from './app/ssr/server-state.ts';
import { buildListParams, defaultFilters } from './features/events/list/event-filters.ts';
import { createQueryClient } from './lib/query-client.ts';
import { RenderedTimeZoneProvider } from './lib/viewer-time-zone.tsx';
import caCore from 'virtual:locale/ca/core';
import caLazy from 'virtual:locale/ca/lazy';
import enCore from 'virtual:locale/en/core';
import enLazy from 'virtual:locale/en/lazy';
import esCore from 'virtual:locale/es/core';
import esLazy from 'virtual:locale/es/lazy';
import heCore from 'virtual:locale/he/core';
import heLazy from 'virtual:locale/he/lazy';
import jaCore from 'virtual:locale/ja/core';
import jaLazy from 'virtual:locale/ja/lazy';
import ruCore from 'virtual:locale/ru/core';
import ruLazy from 'virtual:locale/ru/lazy';

type Texts = Record<string, unknown>;
const TEXTS: Record<Language, readonly [Texts, Texts]> = {
  en: [enCore, enLazy],
  es: [esCore, esLazy],
  ja: [jaCore, jaLazy],
  he: [heCore, heLazy],
  ru: [ruCore, ruLazy],
  ca: [caCore, caLazy],
};

/** One i18next instance per language, with every text (the browser's falls back to English the same way). */
const instances = new Map<Language, Promise<I18n>>();
function i18nFor(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const i18n = createInstance();
    instance = i18n
      .use(initReactI18next)
      .init({
        resources: { en: { translation: enCore } },
        lng: language,
        fallbackLng: 'en',
        supportedLngs: [...LANGUAGES],
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
      })
      .then(() => {
        for (const lang of new Set<Language>(['en', language])) {
          for (const part of TEXTS[lang]) i18n.addResourceBundle(lang, 'translation', part, true, true);
        }
        return i18n;
      });
    instances.set(language, instance);
  }
  return instance;
}

/** An answer of the server's own API, as the browser would have had it. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface RenderRequest {
  /** The page's path and query, as asked for. */
  url: string;
  language: Language;
  timeZone: string;
  /** GET one of the API's paths for the person asking. */
  fetchJson: (path: string) => Promise<ApiAnswer>;
  /** Ends the render (the server gives up and sends the page unrendered). */
  signal?: AbortSignal;
  now?: Date;
}

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The state for the browser, as JSON to put in the page's state script (serializeServerState). */
  state: string;
  lang: Language;
  dir: 'ltr' | 'rtl';
}

/** Why a page is not rendered here: the browser renders it as before (no page is worse for it). */
export class NotRendered extends Error {}

async function answerOf<T>(fetchJson: RenderRequest['fetchJson'], path: string, parse: (body: unknown) => T): Promise<T> {
  const answer = await fetchJson(path);
  if (answer.status !== 200) throw new NotRendered(`${path} answered ${answer.status}`);
  return parse(answer.body);
}

/**
 * The calls the screen at `pathname` makes on its first render, answered and put in `client`'s
 * cache under the keys the app asks them by. Throws NotRendered for a path that is not a
 * server-rendered screen, or a screen whose first render would not show its data (the list
 * around the person's place, which only the browser knows).
 */
async function loadScreenData(request: RenderRequest, pathname: string, search: URLSearchParams, client: ReturnType<typeof createQueryClient>) {
  const [userAnswer, config] = await Promise.all([
    request.fetchJson('/api/user'),
    answerOf(request.fetchJson, '/api/config', (body) => {
      const parsed = checkConfigReply(body);
      if (!parsed) throw new NotRendered('/api/config answered an unexpected body');
      return parsed;
    }),
  ]);
  // The shell asks for the configuration on every page: answered here, the browser does not ask
  // while it hydrates (an answer arriving then would hydrate the rest of the page in one long task).
  client.setQueryData(configQueryOptions().queryKey, config);
  if (userAnswer.status !== 200 && userAnswer.status !== 401) throw new NotRendered(`/api/user answered ${userAnswer.status}`);
  const user = userAnswer.status === 200 ? userReplySchema.parse(userAnswer.body).data : null;
  client.setQueryData(currentUserQueryKey, user);
  const isSignedIn = user !== null;

  if (matchPath('/events', pathname)) {
    const preset = parseEventPreset(search.get('preset')) ?? 'all';
    if (preset === 'close' || (preset === 'friends' && !isSignedIn)) throw new NotRendered(`the ${preset} list`);
    const params = buildListParams(defaultFilters(), {
      now: request.now ?? new Date(),
      timeZone: request.timeZone,
      isSignedIn,
      preset,
      groupId: null,
      userGroupIds: (user?.groups ?? []).map((group) => group.id),
    });
    const page = await answerOf(request.fetchJson, eventListRequestPath(params, { isSignedIn, page: 1 }), (body) => eventListReplySchema.parse(body).data);
    const data: EventListData = { pages: [page], pageParams: [{ page: 1, after: null }] };
    client.setQueryData(eventListQueryKey(params, isSignedIn), data);
    return;
  }
  const event = matchPath('/events/:ref', pathname);
  if (event?.params.ref) {
    const ref = event.params.ref;
    const found = await answerOf(request.fetchJson, eventRequestPath(ref, { isSignedIn }), (body) => eventReplySchema.parse(body).data);
    client.setQueryData(eventQueryKey(ref, isSignedIn), found);
    return;
  }
  throw new NotRendered(`${pathname} is not rendered on the server`);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page's first screen with its state; throws NotRendered (or any error) when it cannot be rendered here. */
export async function render(request: RenderRequest): Promise<RenderedPage> {
  const url = new URL(request.url, 'http://planns.invalid');
  const pathname = decodeURI(url.pathname);
  const client = createQueryClient();
  await loadScreenData(request, pathname, url.searchParams, client);
  const i18n = await i18nFor(request.language);

  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderedTimeZoneProvider timeZone={request.timeZone}>
        <I18nextProvider i18n={i18n}>
          <AppProviders queryClient={client}>
            <StaticRouter location={request.url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </I18nextProvider>
      </RenderedTimeZoneProvider>
    </StrictMode>,
    {
      signal: request.signal,
      // Every boundary inline: no boundary is sent as a fallback completed by an inline script
      // (the CSP allows none, and the browser should paint the whole screen from the HTML).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // An error in a part (a component that needs the browser) leaves that part to the browser;
      // the page is then not sent as rendered, so no screen is shown half drawn.
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  const html = await readAll(prelude);
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));

  const state: ServerState = {
    language: request.language,
    timeZone: request.timeZone,
    queries: client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query) => ({ key: query.queryKey, data: query.state.data })),
  };
  return { html, state: serializeServerState(state), lang: request.language, dir: isRtl(request.language) ? 'rtl' : 'ltr' };
}
