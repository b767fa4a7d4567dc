import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFindEntities } from '../api/find-entities';
import { entityLabels, plural } from './event-words';

/** How long typing pauses before the server is asked. */
const TYPING_PAUSE_MS = 250;

/**
 * The one search box for what auditors think in: meals, upcoming meals and people, found by a name or
 * an email begun, a word of it, or spelt roughly. Each match links to its history; how many were found
 * is said in a polite status as the list changes.
 */
export function EntityFinder() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const asked = useDebouncedValue(typed, TYPING_PAUSE_MS).trim();
  const found = useFindEntities(asked);
  const entities = asked.length >= 2 ? (found.data?.entities ?? []) : [];
  const status =
    asked.length < 2
      ? 'Type at least two letters of a name or an email.'
      : found.isError
        ? 'Could not search: ' + found.error.message
        : found.isPending
          ? 'Searching...'
          : entities.length === 0
            ? `Nothing is named like “${asked}”.`
            : `${plural(entities.length, 'match', 'matches')} for “${asked}”.`;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Find a meal or a person
      </h2>
      <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-900">
        Name or email
      </label>
      <SearchInput
        id={`${id}-q`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        placeholder="Mushroom Risotto, Sam, sam@…"
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {entities.length > 0 ? (
        <ul aria-label="Found" className="grid gap-1">
          {entities.map((entity) => (
            <li key={`${entity.entity}:${entity.id}`} className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <Link
                to={paths.dashboard.auditEntity(entity.entity, entity.id)}
                className="font-semibold text-orange-800 underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
              >
                {entity.name}
              </Link>
              <span className="text-slate-700 [overflow-wrap:anywhere]">
                {[entityLabels[entity.entity], entity.email, plural(entity.versions, 'version')].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
