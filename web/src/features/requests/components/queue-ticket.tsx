import type { ServeQueueItem } from '@hostel/contracts';
import { AlarmClock, Clock, TriangleAlert, Undo2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { StageCommand } from '../api/serve-queue';
import { ageLevel, type AgeLevel, canRecall, formatWait, isWaiting, nextCommand, type Thresholds, waitedMs, waitInWords } from './queue-model';
import { RequestStatus } from './request-status';

/** Age shown three ways: the border and clock's colour, an icon, and words. */
const ages: Record<AgeLevel, { card: string; clock: string; label?: string; Icon: typeof Clock }> = {
  fresh: { card: 'border-l-slate-300 dark:border-l-slate-500', clock: 'text-slate-800 dark:text-slate-100', Icon: Clock },
  late: {
    card: 'border-l-amber-500 bg-amber-50 dark:border-l-amber-400 dark:bg-amber-950',
    clock: 'text-amber-900 dark:text-amber-200',
    label: 'Late',
    Icon: AlarmClock,
  },
  'very-late': {
    card: 'border-l-red-600 bg-red-50 dark:border-l-red-500 dark:bg-red-950',
    clock: 'text-red-800 dark:text-red-200',
    label: 'Very late',
    Icon: TriangleAlert,
  },
};

/** An email broken only where an address may break (after the @ and the dots), never mid-word. */
function Email({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </>
  );
}

export interface TicketProps {
  item: ServeQueueItem;
  now: number;
  thresholds: Thresholds;
  headingLevel: 3 | 4 | 5;
  hintId: string;
  /** A command for this request is on its way. */
  busy: boolean;
  /** The queue is not live: its buttons and keys do nothing until it is. */
  paused: boolean;
  /** It has just arrived: it flashes for a few seconds. */
  fresh: boolean;
  /** It stands in a group headed by its meal ('2 × Dal Makhani'): the meal is read, not shown again. */
  inGroup?: boolean;
  onCommand: (item: ServeQueueItem, command: StageCommand) => void;
}

/**
 * One request as a kitchen ticket: its number for the day (#17), the meal, the clock counting up, for
 * whom (the name; the email on demand), its stage, late or very late, and its one-tap stage buttons.
 * Three short lines, so a landscape tablet shows a dozen and more at once.
 */
export function QueueTicket({ item, now, thresholds, headingLevel, hintId, busy, paused, fresh, inGroup = false, onCommand }: TicketProps) {
  const Heading = `h${headingLevel}` as const;
  const waited = waitedMs(item, now);
  const level = isWaiting(item) ? ageLevel(waited, thresholds) : 'fresh';
  const age = ages[level];
  const next = nextCommand(item);
  const recallable = canRecall(item, now);
  const titleId = useId();
  const emailId = useId();
  const [emailShown, setEmailShown] = useState(false);
  const disabled = busy || paused;
  const delivered = item.status === 'Delivered';
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys act on the card itself; on one of its buttons Enter presses the button.
    if (event.target !== event.currentTarget || disabled) return;
    if (event.key === 'Enter' && next) {
      event.preventDefault();
      onCommand(item, next);
    } else if (event.key === 'Backspace' && recallable) {
      event.preventDefault();
      onCommand(item, 'recall');
    }
  };
  /** One tap moves the request on (or back); its name says which request, as a ticket holds two or three such buttons. */
  const stageButton = (command: StageCommand, label: string, variant: 'default' | 'outline', icon?: ReactNode) => (
    <Button
      className="flex-1"
      variant={variant}
      disabled={disabled}
      onClick={() => onCommand(item, command)}
      aria-label={`${label} ${item.mealTitle} for ${item.userName}`}
    >
      {icon}
      {label}
    </Button>
  );

  return (
    // A card is a stop in the queue's keyboard flow (Tab and the arrows reach it; Enter and Backspace act on
    // it, its hint says so): focusable and keyed, as a composite widget's items are.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <article
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
      tabIndex={0}
      data-queue-item={item._id}
      data-age={level}
      data-fresh={fresh || undefined}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      className={cn(
        // As tall as the row's tallest (a long name wraps onto more lines), its buttons along the bottom.
        'flex h-full min-w-0 flex-col gap-1 rounded-lg border border-l-[6px] border-slate-200 bg-white px-3 py-2 shadow-sm focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-orange-700 dark:border-slate-700 dark:bg-slate-900 dark:focus-visible:outline-orange-400',
        age.card,
        // A new ticket flashes: a ring that pulses (it stays still where the reader asked for less motion). Only the
        // ring moves, never the text's colour or opacity, so the ticket reads as well while it flashes.
        fresh && 'ring-4 ring-sky-500 motion-safe:animate-ticket-flash dark:ring-sky-400',
      )}
    >
      <div className="flex min-w-0 items-baseline gap-2">
        <span aria-hidden="true" className="shrink-0 font-mono text-base font-bold text-slate-700 tabular-nums dark:text-slate-300" data-testid="ticket-number">
          {item.ticket === null ? '#–' : `#${item.ticket}`}
        </span>
        {/* The whole name, wrapped: a kitchen tablet has no hover to read a cut one by. */}
        <Heading id={titleId} className="min-w-0 flex-1 text-base leading-snug font-bold [overflow-wrap:anywhere] text-slate-900 dark:text-slate-50">
          <span className={inGroup ? 'sr-only' : undefined}>{item.mealTitle}</span>
          <span className="sr-only">
            {' '}
            for {item.userName}, {item.status}, {item.ticket === null ? 'from an earlier day' : `ticket ${item.ticket}`}
          </span>
        </Heading>
        <span className={cn('inline-flex shrink-0 items-center gap-1 font-semibold', age.clock)}>
          <age.Icon aria-hidden="true" className="size-4 self-center" />
          <span className="sr-only">{delivered ? 'Waited' : 'Waiting for'}</span>
          <span aria-hidden={delivered ? undefined : true} className="font-mono text-xl tabular-nums" data-testid="wait-clock">
            {formatWait(waited)}
          </span>
          {/* The ticking clock is hidden from screen readers (it would chatter); they read it in words on demand. */}
          {delivered ? null : <span className="sr-only">{waitInWords(waited)}</span>}
        </span>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <button
          type="button"
          aria-expanded={emailShown}
          aria-controls={emailId}
          aria-label={`${item.userName}, ${emailShown ? 'hide' : 'show'} email`}
          onClick={() => setEmailShown((shown) => !shown)}
          className="max-w-full min-w-0 rounded-sm text-left font-medium [overflow-wrap:anywhere] text-slate-900 underline decoration-slate-400 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 dark:text-slate-100"
        >
          {item.userName}
        </button>
        <RequestStatus status={item.status} />
        {age.label ? <span className={cn('text-xs font-bold uppercase', age.clock)}>{age.label}</span> : null}
        {delivered ? <span className="text-xs text-slate-700 dark:text-slate-300">until Delivered</span> : null}
      </div>
      <p id={emailId} hidden={!emailShown} className="text-sm break-normal text-slate-700 dark:text-slate-300" data-testid="ticket-email">
        <Email address={item.userEmail} />
        {item.category ? <> · {item.category}</> : null}
      </p>
      {item.status !== 'Delivered' || recallable ? (
        <div className="mt-auto flex gap-2 pt-1">
          {item.status === 'Pending' ? stageButton('approve', 'Approve', 'default') : null}
          {item.status !== 'Delivered' ? stageButton('serve', 'Serve', item.status === 'Approved' ? 'default' : 'outline') : null}
          {recallable ? stageButton('recall', 'Recall', 'outline', <Undo2 aria-hidden="true" />) : null}
        </div>
      ) : null}
    </article>
  );
}
