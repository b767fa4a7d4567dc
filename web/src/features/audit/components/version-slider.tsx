import type { AuditEntity, AuditEvent } from '@hostel/contracts';
import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useEntityDiff } from '../api/get-entity-diff';
import { useEntityState } from '../api/get-entity-state';
import { ChangeList } from './change-list';
import { actorInWords, timeInWords } from './event-words';
import { StateView } from './state-view';

/**
 * A time slider over the versions of the entity's own stream: each position asks the server for the state
 * at that version (`state?version=`) and shows it with when it was made, by whom, and what it changed.
 * Starts at the latest version; the arrow keys, Home and End move it.
 */
export function VersionSlider({ entity, id, events }: { entity: AuditEntity; id: string; events: AuditEvent[] }) {
  const sliderId = useId();
  const latest = useEntityState(entity, id);
  const [chosen, setChosen] = useState<number>();
  const shown = useEntityState(entity, id, chosen);
  const last = latest.data?.version ?? 0;
  const version = chosen ?? last;
  const diff = useEntityDiff(entity, id, version - 1, version, { enabled: latest.isSuccess && version > 0 });

  if (latest.isPending) return <p role="status">Loading its versions...</p>;
  if (latest.isError) {
    return (
      <p role="alert" className="font-medium text-red-700">
        {latest.error instanceof ApiError && latest.error.status === 404
          ? 'There is no history of this yet.'
          : 'Failed to load its state: ' + latest.error.message}
      </p>
    );
  }

  // The version's own event: from the timeline when loaded, else from what the diff says about it.
  const event = events.find((candidate) => candidate.stream === latest.data.stream && candidate.version === version);
  const step = diff.data?.steps.find((candidate) => candidate.version === version);
  const actor = event?.actor ?? step?.actor;
  const loading = shown.isPlaceholderData || shown.isPending;
  const at = !loading && shown.data ? shown.data.at : undefined;

  return (
    <div className="grid gap-4" aria-busy={loading}>
      {last > 0 ? (
        <div className="grid gap-1.5">
          <label htmlFor={sliderId} className="text-sm font-medium text-slate-900">
            Version
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={last}
            step={1}
            value={version}
            onChange={(change) => setChosen(Number(change.target.value))}
            aria-valuetext={`Version ${version} of 0 to ${last}${at ? `, ${timeInWords(at)}` : ''}`}
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
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-900">Version</dt>
        <dd className="text-slate-800">{version === last ? `${version} (the latest)` : `${version} (the latest is ${last})`}</dd>
        <dt className="font-medium text-slate-900">When</dt>
        <dd className="text-slate-800">{at ? <time dateTime={at}>{timeInWords(at)}</time> : 'Loading...'}</dd>
        <dt className="font-medium text-slate-900">By</dt>
        <dd className="break-words text-slate-800">
          {actor ? actorInWords(actor) + (actor !== 'system' && actor.email ? ` (${actor.email})` : '') : 'Unknown'}
        </dd>
        <dt className="font-medium text-slate-900">Event</dt>
        <dd className="break-words text-slate-800">
          <code className="text-xs">{event?.type ?? step?.type ?? '…'}</code>
        </dd>
      </dl>
      {shown.isError ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
          {shown.error instanceof ApiError && shown.error.status === 404
            ? 'It did not exist yet at this version.'
            : 'Failed to load it: ' + shown.error.message}
        </p>
      ) : shown.data ? (
        <StateView entity={entity} state={shown.data.state} />
      ) : null}
      <div className="grid gap-1">
        <h3 className="text-base font-semibold text-slate-900">What this version changed</h3>
        {version === 0 ? (
          <p className="text-sm text-slate-700">The first version: everything above began here.</p>
        ) : diff.isPending ? (
          <p className="text-sm">Loading changes...</p>
        ) : diff.isError ? (
          <p className="text-sm font-medium text-red-700">{'Could not load the changes: ' + diff.error.message}</p>
        ) : (
          <ChangeList changes={step?.changes ?? []} />
        )}
      </div>
    </div>
  );
}
