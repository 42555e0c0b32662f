import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment } from '@planns/shared/comments/comments.schemas';
import type { Event } from '@planns/shared/events/events.schemas';
import { usePostComment } from '../../api/comments/post-comment.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage, useFieldError } from '../../lib/error-messages.ts';
import { requireLogin } from '../../lib/login-prompt.ts';

type CommentsComposerProps = {
  event: Event;
  isSignedIn: boolean;
  /** Called once a comment is posted (and already on top of the cached list). */
  onPosted: (comment: Comment) => void;
};

/**
 * The 'Type comment' box. The send icon shows only while the text is not blank, the one client
 * check (events §5); the server's 422 message shows under the box. Signed out, tapping or typing
 * in the box asks to log in and remembers open_event (events §6).
 */
export function CommentsComposer({ event, isSignedIn, onPosted }: CommentsComposerProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const fieldError = useFieldError();
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const post = usePostComment(event.id);
  const hasText = text.trim() !== '';

  function askToLogIn() {
    requireLogin({ name: 'open_event', params: { id: event.hash } });
  }

  function send() {
    if (!isSignedIn) {
      askToLogIn();
      return;
    }
    if (!hasText || post.isPending) return;
    post.mutate(text, {
      onSuccess: (comment) => {
        setText('');
        textareaRef.current?.focus();
        onPosted(comment);
      },
      onError: (error) => {
        // The session ended meanwhile: log in again and come back to this event; the text stays.
        if (isApiError(error) && error.status === 401) askToLogIn();
      },
    });
  }

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    send();
  }

  function onKeyDown(keyEvent: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSignedIn) {
      if (keyEvent.key.length === 1 || keyEvent.key === 'Enter') {
        keyEvent.preventDefault();
        askToLogIn();
      }
      return;
    }
    // Enter makes a new line (line breaks are kept); Ctrl or Cmd + Enter sends.
    if (keyEvent.key === 'Enter' && (keyEvent.ctrlKey || keyEvent.metaKey)) {
      keyEvent.preventDefault();
      send();
    }
  }

  const isSignedOutError = isApiError(post.error) && post.error.status === 401;
  const message = post.isError && !isSignedOutError ? (fieldError(post.error, 'comment') ?? errorMessage(post.error)) : null;

  return (
    <form className="comments-composer" onSubmit={onSubmit} noValidate>
      <div className="comments-composer__row">
        <label htmlFor={id} className="visually-hidden">
          {t('comments.label')}
        </label>
        <textarea
          ref={textareaRef}
          id={id}
          className="input comments-composer__input"
          dir="auto"
          rows={1}
          placeholder={t('comments.placeholder')}
          value={text}
          readOnly={!isSignedIn || post.isPending}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(changeEvent) => {
            setText(changeEvent.target.value);
            if (post.isError) post.reset();
          }}
          onClick={isSignedIn ? undefined : askToLogIn}
          onKeyDown={onKeyDown}
        />
        {hasText ? (
          <button type="submit" className="comments-composer__send" aria-label={t('comments.send')} disabled={post.isPending}>
            {post.isPending ? <Spinner size="small" label={t('comments.sending')} /> : <Icon name="arrowUp" size={22} />}
          </button>
        ) : null}
      </div>
      <FormMessage id={`${id}-error`} message={message} />
    </form>
  );
}
