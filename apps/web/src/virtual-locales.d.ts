/** The locale parts made by the planns-locale-parts plugin in vite.config.ts: virtual:locale/<lang>/<core|lazy>. */
declare module 'virtual:locale/*' {
  const texts: Record<string, unknown>;
  // A module's default export is what the plugin generates; the type must say so.
  // eslint-disable-next-line no-restricted-syntax
  export default texts;
}
