import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { Thresholds } from './queue-model';

/** The two waiting thresholds, changed on the screen (kept in this browser). A disclosure, so it stays out of the way. */
export function QueueSettings({ thresholds, onSave }: { thresholds: Thresholds; onSave: (next: Thresholds) => void }) {
  return (
    <details className="rounded-md border border-slate-300 bg-white text-sm">
      <summary className="cursor-pointer rounded-md px-3 py-2 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700">
        Thresholds: {thresholds.late} / {thresholds.veryLate} min
      </summary>
      <ThresholdsForm thresholds={thresholds} onSave={onSave} className="border-t border-slate-200 p-3" />
    </details>
  );
}

/** The thresholds' form: whole minutes from 1 to 240, very late after late. */
export function ThresholdsForm({ thresholds, onSave, className }: { thresholds: Thresholds; onSave: (next: Thresholds) => void; className?: string }) {
  const id = useId();
  const [late, setLate] = useState(String(thresholds.late));
  const [veryLate, setVeryLate] = useState(String(thresholds.veryLate));
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = { late: Number(late), veryLate: Number(veryLate) };
    const whole = (value: number) => Number.isInteger(value) && value >= 1 && value <= 240;
    if (!whole(next.late) || !whole(next.veryLate)) return setError('Give whole minutes from 1 to 240.');
    if (next.veryLate <= next.late) return setError('Very late must come after late.');
    setError(null);
    onSave(next);
  };

  return (
    <form onSubmit={save} className={cn('grid gap-3 text-sm', className)} noValidate>
      <MinutesField id={`${id}-late`} label="Late after (minutes)" value={late} onChange={setLate} errorId={error ? `${id}-error` : undefined} />
      <MinutesField
        id={`${id}-very-late`}
        label="Very late after (minutes)"
        value={veryLate}
        onChange={setVeryLate}
        errorId={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant="outline">
        Save thresholds
      </Button>
    </form>
  );
}

/** One threshold's box, in whole minutes; `errorId` names the form's error while there is one. */
function MinutesField({
  id,
  label,
  value,
  onChange,
  errorId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errorId?: string;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={240}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </div>
  );
}
