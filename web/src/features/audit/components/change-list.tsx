import type { FieldChange } from '@hostel/contracts';
import { fieldInWords, valueInWords } from './event-words';

/** Field-level changes in words: 'Price: 5 → 5.5' (read out as 'from 5 to 5.5'), 'Ingredients: added ghee; removed garlic'. */
export function ChangeList({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-slate-700">No field changed.</p>;
  return (
    <ul className="grid gap-1 text-sm text-slate-800">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-semibold text-slate-900">{fieldInWords(change.field)}:</span>{' '}
          {'added' in change ? (
            [change.added.length ? `added ${valueInWords(change.added)}` : null, change.removed.length ? `removed ${valueInWords(change.removed)}` : null]
              .filter(Boolean)
              .join('; ') || 'reordered'
          ) : (
            <>
              <span className="sr-only">from </span>
              <span className="text-slate-700 line-through decoration-slate-400">{valueInWords(change.from)}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> to </span>
              <span className="font-medium text-slate-900">{valueInWords(change.to)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
