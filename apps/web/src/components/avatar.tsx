type AvatarProps = { src: string | null | undefined; name: string | null | undefined; size?: number; className?: string };

function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts;
  return letters.map((p) => Array.from(p)[0]?.toUpperCase() ?? '').join('') || '·';
}

/**
 * A round picture, or the person's initials when there is none. Decorative: the name is shown
 * beside it. Loaded lazily: a page's own pictures (a card's, the event's) come first, and the
 * server's render does not preload every face on the page (issue 16).
 */
export function Avatar({ src, name, size = 40, className }: AvatarProps) {
  const style = { inlineSize: size, blockSize: size, fontSize: Math.round(size * 0.38) };
  const classes = ['avatar', className ?? ''].filter(Boolean).join(' ');
  if (src) return <img className={classes} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" style={style} />;
  return (
    <span className={`${classes} avatar--initials`} style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
