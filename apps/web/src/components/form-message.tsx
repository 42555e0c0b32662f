type FormMessageProps = { id?: string; message: string | null | undefined; tone?: 'error' | 'info' };

/** A message under a form or field; errors are announced as they appear. */
export function FormMessage({ id, message, tone = 'error' }: FormMessageProps) {
  if (!message) return null;
  return (
    <p id={id} className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
