import type { NewsletterSubscribeBody } from '@hostel/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useNotice } from '@/components/ui/notice-dialog';
import { ApiError } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { loadSchemas } from '@/lib/schemas';

type Answer = { message: string };
const messageOf = (error: unknown) => (error instanceof ApiError && error.serverMessage) || 'Something went wrong. Please try again.';

/** Why the address cannot be sent, in the contracts' words (as the server would say it), or nothing. */
const invalidAddress = (schema: typeof NewsletterSubscribeBody, email: string) => schema.safeParse({ email }).error?.issues[0]?.message;

/**
 * The footer's 'Sign Up' for the newsletter: `POST /api/newsletter` mails a link to confirm, and the
 * form says so where the visitor is looking (or says what went wrong). The answer's words are the server's;
 * an address the contracts' schema refuses is refused here first, as the other forms do, and not sent.
 */
export function NewsletterSignUp() {
  const api = useApi();
  const [email, setEmail] = useState('');
  // Set by a Sign Up refused here; then checked again as the visitor types (as the other forms re-validate).
  const [invalid, setInvalid] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);
  // The footer is on every page: its schema comes with zod's own chunk, loaded at the first Sign Up (see schemas.ts).
  const schema = useRef<typeof NewsletterSubscribeBody | null>(null);
  const subscribe = useMutation({ mutationFn: (address: string) => api.post<Answer>('/api/newsletter', { email: address }, { auth: false }) });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    schema.current ??= (await loadSchemas()).NewsletterSubscribeBody;
    const why = invalidAddress(schema.current, email);
    setInvalid(why);
    if (why) {
      subscribe.reset();
      field.current?.focus();
      return;
    }
    subscribe.mutate(email, { onSuccess: () => setEmail('') });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid content-start gap-3" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="font-semibold">
        Newsletter
      </h2>
      <label htmlFor="newsletter-email" className="sr-only">
        Email for the newsletter
      </label>
      <div className="flex gap-2">
        <Input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          ref={field}
          value={email}
          aria-invalid={invalid !== undefined || subscribe.isError || undefined}
          aria-describedby="newsletter-answer"
          onChange={(event) => {
            setEmail(event.target.value);
            if (invalid !== undefined && schema.current) setInvalid(invalidAddress(schema.current, event.target.value));
          }}
        />
        <Button type="submit" disabled={subscribe.isPending} aria-busy={subscribe.isPending}>
          Sign Up
        </Button>
      </div>
      {/* Always in the page, so the answer is announced when it arrives. */}
      <p
        id="newsletter-answer"
        role="status"
        className={invalid !== undefined || subscribe.isError ? 'text-sm font-medium text-red-300' : 'text-sm text-emerald-200'}
      >
        {invalid ?? (subscribe.isSuccess ? subscribe.data.message : subscribe.isError ? messageOf(subscribe.error) : null)}
      </p>
    </form>
  );
}

const ACTIONS = {
  confirm: { path: '/api/newsletter/confirm', done: 'Subscribed!' },
  unsubscribe: { path: '/api/newsletter/unsubscribe', done: 'Unsubscribed' },
} as const;

/**
 * The newsletter's mailed links open the site with `?newsletter=confirm|unsubscribe&token=…`: the link
 * is used once, its answer shown in a dialog, and the token taken out of the address bar.
 */
export function NewsletterLinks() {
  const api = useApi();
  const notice = useNotice();
  const [params, setParams] = useSearchParams();
  const action = params.get('newsletter');
  const token = params.get('token') ?? '';
  const used = useRef<string | null>(null);

  useEffect(() => {
    if ((action !== 'confirm' && action !== 'unsubscribe') || used.current === token) return;
    used.current = token;
    const { path, done } = ACTIONS[action];
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('newsletter');
        next.delete('token');
        return next;
      },
      { replace: true },
    );
    api.post<Answer>(path, { token }, { auth: false }).then(
      (answer) => notice({ title: done, text: answer.message, tone: 'success' }),
      (error: unknown) => notice({ title: 'Error', text: messageOf(error), tone: 'error' }),
    );
  }, [action, token, api, notice, setParams]);

  return null;
}
