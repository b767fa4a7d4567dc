import type { AuditEntity } from '@hostel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { useEntityDiff } from '../api/get-entity-diff';
import { getEntityStateAt, useEntityState } from '../api/get-entity-state';
import { ChangeList } from './change-list';
import { actorInWords, actorThen, plural, timeInWords, typeInWords, whatHappened } from './event-words';
import { StateView } from './state-view';
import { LoadFailed, ReadFailed } from '@/components/ui/read-failed';

/**
 * A time slider over the entity's versions (its own events, whatever stream holds them): each position
 * asks the server for the state at that version (`state?version=`) and shows it with the event that
 * made it (when, by whom as they were named then, what it did) and what it changed. Starts at the
 * latest version; the arrow keys, Home and End move it. A moment can be picked instead (`state?at=`),
 * and any two versions compared.
 */
export function VersionSlider({ entity, id }: { entity: AuditEntity; id: string }) {
  const sliderId = useId();
  const latest = useEntityState(entity, id);
  const [chosen, setChosen] = useState<number>();
  const shown = useEntityState(entity, id, chosen);
  const last = latest.data?.versions ?? 0;
  const version = chosen ?? last;
  const diff = useEntityDiff(entity, id, version - 1, version, { enabled: latest.data !== undefined && version > 0 });

  if (latest.isPending) return <p role="status">Loading its versions...</p>;
  // Only when there is nothing to show: a later read that fails (a refetch, say on reconnecting) leaves the
  // slider as it stands, a comparison and a Details opened in it still open, and says so under the state.
  if (latest.isError && !latest.data) {
    if (latest.error instanceof ApiError && latest.error.status === 404) {
      return (
        <p role="alert" className="font-medium text-red-700">
          There is no history of this yet.
        </p>
      );
    }
    return <LoadFailed retry={latest}>{'Failed to load its state: ' + latest.error.message}</LoadFailed>;
  }

  // The version's own event, as the state answers it: its time, its actor (as named then) and what it did.
  const loading = shown.isPlaceholderData || shown.isPending;
  const event = !loading && shown.data ? shown.data.event : undefined;
  const actor = event ? actorThen(event) : undefined;
  const at = event?.occurredAt;
  // A read again that failed, the latest's or the version's on show (often the same read): what was read stays.
  const readAgainFailed = latest.isError ? latest.error : shown.isError && shown.data ? shown.error : null;

  return (
    <div className="grid min-w-0 gap-4" aria-busy={loading}>
      {last > 1 ? (
        <div className="grid gap-1.5">
          <label htmlFor={sliderId} className="text-sm font-medium text-slate-900">
            Version
          </label>
          <input
            id={sliderId}
            type="range"
            min={1}
            max={last}
            step={1}
            value={version}
            onChange={(change) => setChosen(Number(change.target.value))}
            aria-valuetext={`Version ${version} of ${last}${at ? `, ${timeInWords(at)}` : ''}`}
            className="h-6 w-full cursor-pointer accent-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
          />
          <div aria-hidden="true" className="flex justify-between text-xs text-slate-700">
            <span>Oldest</span>
            <span>Latest</span>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-700">It has one version so far.</p>
      )}
      <MomentPicker entity={entity} id={id} onFound={setChosen} />
      <dl aria-label="This version" className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-900">Version</dt>
        <dd className="text-slate-800">{version === last ? `${version} (the latest)` : `${version} (the latest is ${last})`}</dd>
        <dt className="font-medium text-slate-900">When</dt>
        <dd className="text-slate-800">{at ? <time dateTime={at}>{timeInWords(at)}</time> : 'Loading...'}</dd>
        <dt className="font-medium text-slate-900">By</dt>
        <dd className="text-slate-800 [overflow-wrap:anywhere]">
          {actor ? actorInWords(actor) + (actor !== 'system' && actor.email ? ` (${actor.email})` : '') : '…'}
        </dd>
        <dt className="font-medium text-slate-900">Event</dt>
        <dd className="text-slate-800 [overflow-wrap:anywhere]">
          {event ? (
            <>
              <code className="text-xs">{event.type}</code>: {whatHappened(event)}
            </>
          ) : (
            '…'
          )}
        </dd>
      </dl>
      {shown.isError && !shown.data ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
          {shown.error instanceof ApiError && shown.error.status === 404
            ? 'It did not exist yet at this version.'
            : 'Failed to load it: ' + shown.error.message}
        </p>
      ) : shown.data ? (
        <StateView entity={entity} state={shown.data.state} names={shown.data.event.names} />
      ) : null}
      <ReadFailed error={readAgainFailed} saying="Failed to read its state again" />
      <div className="grid gap-1">
        <h3 className="text-base font-semibold text-slate-900">What this version changed</h3>
        {diff.isPending ? (
          <p className="text-sm">Loading changes...</p>
        ) : diff.isError ? (
          <p className="text-sm font-medium text-red-700">{'Could not load the changes: ' + diff.error.message}</p>
        ) : (
          <ChangeList changes={diff.data.changes} />
        )}
      </div>
      {last > 1 ? <CompareVersions entity={entity} id={id} last={last} version={version} /> : null}
    </div>
  );
}

const pad = (value: number) => String(value).padStart(2, '0');
/** Now, as a local date-time field shows it (to the second). */
function localNow() {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

/** A date and time (the browser's zone) whose state to show: the server finds the version then, and the slider moves to it. */
function MomentPicker({ entity, id, onFound }: { entity: AuditEntity; id: string; onFound: (version: number) => void }) {
  const fieldId = useId();
  const api = useApi();
  const queryClient = useQueryClient();
  const [moment, setMoment] = useState(localNow);
  const [answer, setAnswer] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!moment || Number.isNaN(Date.parse(moment))) return setAnswer({ tone: 'error', text: 'Choose a date and a time.' });
    const at = new Date(moment).toISOString();
    setBusy(true);
    try {
      const state = await queryClient.fetchQuery({
        queryKey: ['audit-log', entity, id, 'state-at', at],
        queryFn: () => getEntityStateAt(api, entity, id, at),
        staleTime: Infinity,
      });
      onFound(state.version);
      setAnswer({ tone: 'info', text: `Then it stood at version ${state.version}, made ${timeInWords(state.at)}.` });
    } catch (error) {
      setAnswer({
        tone: 'error',
        text: error instanceof ApiError && error.status === 404 ? 'It did not exist yet then.' : `Could not load it: ${(error as Error).message}`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(submitted) => void show(submitted)} className="grid gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-900">
        State at a moment
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={fieldId}
          type="datetime-local"
          step={1}
          value={moment}
          onChange={(change) => setMoment(change.target.value)}
          className="w-auto min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
          Show
        </Button>
      </div>
      <p role="status" className={answer?.tone === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-700'}>
        {answer?.text}
      </p>
    </form>
  );
}

/** Any two versions side by side: what differs between them, and each event in between (the first hundred) with what it changed. */
function CompareVersions({ entity, id, last, version }: { entity: AuditEntity; id: string; last: number; version: number }) {
  const headingId = useId();
  const [from, setFrom] = useState(String(Math.max(0, version - 1)));
  const [to, setTo] = useState(String(version));
  const [asked, setAsked] = useState<{ from: number; to: number } | null>(null);
  const diff = useEntityDiff(entity, id, asked?.from ?? 0, asked?.to ?? 0, { enabled: asked !== null });
  const [error, setError] = useState('');

  const compare = (submitted: FormEvent) => {
    submitted.preventDefault();
    const [a, b] = [Number(from), Number(to)];
    if (![a, b].every((value) => Number.isInteger(value) && value >= 0 && value <= last)) {
      // The comparison on show is not the one asked for: it goes, so it cannot pass for the answer.
      setAsked(null);
      return setError(`Versions go from 0 (before the first) to ${last}.`);
    }
    setError('');
    setAsked({ from: Math.min(a, b), to: Math.max(a, b) });
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t border-slate-200 pt-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Compare two versions
      </h3>
      <form noValidate onSubmit={compare} className="flex flex-wrap items-end gap-2">
        <VersionField label="From version" last={last} value={from} onChange={setFrom} />
        <VersionField label="To version" last={last} value={to} onChange={setTo} />
        <Button type="submit" variant="outline">
          Compare
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {asked === null ? null : diff.isPending ? (
        <p role="status" className="text-sm">
          Comparing...
        </p>
      ) : diff.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {'Could not compare them: ' + diff.error.message}
        </p>
      ) : (
        <div className="grid gap-2" data-testid="comparison">
          <p className="text-sm text-slate-800">{`From version ${asked.from} to version ${asked.to}: ${plural(asked.to - asked.from, 'event')}.`}</p>
          <ChangeList changes={diff.data.changes} />
          {diff.data.steps.length > 0 ? (
            <details className="text-sm">
              <summary className="w-fit cursor-pointer rounded font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700">
                Each event in between
              </summary>
              <ol className="mt-2 grid gap-2">
                {diff.data.steps.map((step) => (
                  <li key={step.version} className="grid gap-0.5 rounded-md bg-slate-50 p-2">
                    <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                      {`Version ${step.version}: ${typeInWords(step.type)} by ${actorInWords(step.actor)}, ${timeInWords(step.occurredAt)}`}
                    </p>
                    <ChangeList changes={step.changes} />
                  </li>
                ))}
              </ol>
              {diff.data.moreSteps ? <p className="mt-1 text-slate-700">{`And ${plural(diff.data.moreSteps, 'more event')}.`}</p> : null}
            </details>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** One of the two versions to compare: 0 (before the first) to `last`. */
function VersionField({ label, last, value, onChange }: { label: string; last: number; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <Input id={id} type="number" min={0} max={last} value={value} onChange={(change) => onChange(change.target.value)} className="w-24" />
    </div>
  );
}
