import { MEAL_CATEGORIES, type ServeQueueAnswer, type ServeQueueItem } from '@hostel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlarmClock, Bell, BellOff, Clock, Layers, Maximize2, Minimize2, TriangleAlert, Undo2, Wifi, WifiOff } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { createAnnouncer } from '@/lib/announcer';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { type LiveState, useLiveConnection, useLiveMessage } from '@/lib/live-updates';
import { isAfter, laterPosition } from '@/lib/positions';
import { localMidnight, SERVE_QUEUE_KEY, type StageCommand, useServeQueue, useStageCommand } from '../api/serve-queue';
import { useChime } from './chime';
import {
  ageLevel,
  type AgeLevel,
  canRecall,
  formatWait,
  groupByMeal,
  isWaiting,
  nextCommand,
  requestArrivals,
  type Thresholds,
  waitedMs,
  waitInWords,
} from './queue-model';
import { QueueSettings } from './queue-settings';
import { RequestStatus } from './request-status';
import { useThresholds } from './use-thresholds';

/** While something has waited past the second threshold, the chime sounds again this often. */
export const REMIND_EVERY_MS = 30_000;
const TICK_MS = 1000;

/** The wall clock, ticking each second: the timers count up from it. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Age shown three ways: the border and clock's colour, an icon, and words. */
const ages: Record<AgeLevel, { card: string; clock: string; label?: string; Icon: typeof Clock }> = {
  fresh: { card: 'border-l-slate-300', clock: 'text-slate-800', Icon: Clock },
  late: { card: 'border-l-amber-500 bg-amber-50', clock: 'text-amber-900', label: 'Late', Icon: AlarmClock },
  'very-late': { card: 'border-l-red-600 bg-red-50', clock: 'text-red-800', label: 'Very late', Icon: TriangleAlert },
};

const commandWords: Record<StageCommand, string> = { approve: 'Approve', serve: 'Serve', recall: 'Recall' };

const liveWords: Record<LiveState, string> = { live: 'Live', connecting: 'Connecting…', reconnecting: 'Reconnecting…', off: 'Not live' };

function LiveIndicator({ state }: { state: LiveState }) {
  const live = state === 'live';
  const Icon = live ? Wifi : WifiOff;
  return (
    <p
      role="status"
      data-live-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold',
        live ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-amber-400 bg-amber-50 text-amber-950',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {liveWords[state]}
    </p>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2">
      <dt className="text-xs font-medium tracking-wide text-slate-700 uppercase">{label}</dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The stage counts and today's waiting times, at the top of the screen. */
function QueueFigures({ answer }: { answer: ServeQueueAnswer | undefined }) {
  const wait = (ms: number | null | undefined) => (ms === null || ms === undefined ? '–' : formatWait(ms));
  return (
    <dl aria-label="Today in the kitchen" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      <Figure label="Pending" value={answer?.counts.Pending ?? '–'} />
      <Figure label="Approved" value={answer?.counts.Approved ?? '–'} />
      <Figure label="Delivered today" value={answer?.counts.Delivered ?? '–'} />
      <Figure label="Average wait" value={wait(answer?.waiting.averageMs)} />
      <Figure label="90% within" value={wait(answer?.waiting.p90Ms)} />
    </dl>
  );
}

interface CardProps {
  item: ServeQueueItem;
  now: number;
  thresholds: Thresholds;
  headingLevel: 3 | 4 | 5;
  hintId: string;
  busy: boolean;
  onCommand: (item: ServeQueueItem, command: StageCommand) => void;
}

/** One request: what and for whom, how long it has waited (counting up), its stage, and its one-tap stage buttons. */
function QueueCard({ item, now, thresholds, headingLevel, hintId, busy, onCommand }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const waited = waitedMs(item, now);
  const level = isWaiting(item) ? ageLevel(waited, thresholds) : 'fresh';
  const age = ages[level];
  const next = nextCommand(item);
  const recallable = canRecall(item, now);
  const titleId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys act on the card itself; on one of its buttons Enter presses the button.
    if (event.target !== event.currentTarget || busy) return;
    if (event.key === 'Enter' && next) {
      event.preventDefault();
      onCommand(item, next);
    } else if (event.key === 'Backspace' && recallable) {
      event.preventDefault();
      onCommand(item, 'recall');
    }
  };

  return (
    <article
      tabIndex={0}
      data-queue-item={item._id}
      data-age={level}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      className={cn(
        'grid gap-3 rounded-lg border border-l-8 border-slate-200 bg-white p-4 shadow-sm focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-orange-700',
        age.card,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={titleId} className="text-lg leading-tight font-bold text-slate-900">
          {item.mealTitle}
          <span className="sr-only">
            {' '}
            for {item.userName}, {item.status}
          </span>
        </Heading>
        <RequestStatus status={item.status} />
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{item.userName}</span> · <span className="break-all">{item.userEmail}</span>
        {item.category ? <> · {item.category}</> : null}
      </p>
      <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 font-semibold', age.clock)}>
        <span className="inline-flex items-center gap-1.5">
          <age.Icon aria-hidden="true" className="size-5" />
          <span className="sr-only">{item.status === 'Delivered' ? 'Waited' : 'Waiting for'}</span>
          <span aria-hidden={item.status === 'Delivered' ? undefined : true} className="font-mono text-2xl tabular-nums" data-testid="wait-clock">
            {formatWait(waited)}
          </span>
          {/* The ticking clock is hidden from screen readers (it would chatter); they read it in words on demand. */}
          {item.status === 'Delivered' ? null : <span className="sr-only">{waitInWords(waited)}</span>}
        </span>
        {age.label ? <span className="rounded bg-white/70 px-1.5 py-0.5 text-sm uppercase">{age.label}</span> : null}
        {item.status === 'Delivered' ? <span className="text-sm font-normal text-slate-700">until Delivered</span> : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {item.status === 'Pending' ? (
          <Button size="lg" disabled={busy} onClick={() => onCommand(item, 'approve')} aria-label={`Approve ${item.mealTitle} for ${item.userName}`}>
            Approve
          </Button>
        ) : null}
        {item.status !== 'Delivered' ? (
          <Button
            size="lg"
            variant={item.status === 'Approved' ? 'default' : 'outline'}
            disabled={busy}
            onClick={() => onCommand(item, 'serve')}
            aria-label={`Serve ${item.mealTitle} for ${item.userName}`}
          >
            Serve
          </Button>
        ) : null}
        {recallable ? (
          <Button
            size="lg"
            variant="outline"
            disabled={busy}
            onClick={() => onCommand(item, 'recall')}
            aria-label={`Recall ${item.mealTitle} for ${item.userName}`}
          >
            <Undo2 aria-hidden="true" />
            Recall
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/** Arrow keys move focus between the cards, in the order they stand on screen (grouped or not). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: -Infinity, End: Infinity }[event.key];
  if (step === undefined) return;
  const cards = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-queue-item]')];
  const current = cards.findIndex((card) => card.contains(event.target as Node));
  if (current === -1 || cards.length === 0) return;
  event.preventDefault();
  const next = Number.isFinite(step) ? Math.min(cards.length - 1, Math.max(0, current + step)) : step > 0 ? cards.length - 1 : 0;
  cards[next]?.focus();
}

/**
 * Keeps the queue as fresh as the socket allows, and no fresher than it can prove: each `changed` push
 * about requests refetches it unless the data on show already reflects the push's position, and the
 * refetch asks for at least the latest position seen (`X-Min-Position`), so it never shows less than
 * the push announced. After the socket reconnects (pushes may have been missed meanwhile) it refetches
 * the same way, without a reload.
 */
function useQueueFreshness(answer: ServeQueueAnswer | undefined) {
  const queryClient = useQueryClient();
  const lastSeen = useRef<string | undefined>(undefined);
  const shown = answer?.position;
  useEffect(() => {
    lastSeen.current = laterPosition(lastSeen.current, shown);
  }, [shown]);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: [SERVE_QUEUE_KEY] });

  useLiveMessage('changed', (message) => {
    if (message.resource !== 'mealRequests') return;
    // A push the data on show already reflects (it arrived after a refetch that included it) changes nothing.
    if (message.position && shown && !isAfter(message.position, shown)) return;
    lastSeen.current = laterPosition(lastSeen.current, message.position);
    refetch();
  });

  const { connects } = useLiveConnection();
  const counted = useRef(connects);
  useEffect(() => {
    if (connects <= counted.current) return;
    counted.current = connects;
    refetch();
  }, [connects]);

  return () => lastSeen.current;
}

/** New requests (not seen before on this screen, for this filter) are announced once and chimed. */
function useArrivals(items: readonly ServeQueueItem[] | undefined, filter: string, onArrival: (fresh: ServeQueueItem[]) => void) {
  const known = useRef<{ filter: string; ids: Set<string> } | null>(null);
  const latest = useRef(onArrival);
  useEffect(() => {
    latest.current = onArrival;
  });
  useEffect(() => {
    if (!items) return;
    const ids = new Set(items.map((item) => item._id));
    if (!known.current || known.current.filter !== filter) {
      known.current = { filter, ids };
      return;
    }
    const seen = known.current.ids;
    const fresh = items.filter((item) => item.status === 'Pending' && !seen.has(item._id));
    ids.forEach((id) => seen.add(id));
    if (fresh.length > 0) latest.current(fresh);
  }, [items, filter]);
}

const ALL = '';

/**
 * The kitchen's queue: Serve Meals' top half, and the whole of the kiosk view (`kiosk`: bigger, in a
 * grid for a landscape tablet). Requests oldest first with their waits counting up, late and very late
 * past the two thresholds; counts and today's waits at the top; group by meal; filter by category;
 * Approve, Serve and Recall in one tap (or Enter and Backspace on a focused card) with an Undo toast;
 * a chime and one polite announcement for new requests; and whether it is live.
 */
export function KitchenQueue({ kiosk = false, heading }: { kiosk?: boolean; heading?: ReactNode }) {
  const now = useNow();
  const since = localMidnight(new Date(now));
  const [category, setCategory] = useState(ALL);
  const [grouped, setGrouped] = useState(false);
  const [thresholds, setThresholds] = useThresholds();
  const connection = useLiveConnection();
  const toast = useToast();
  const chime = useChime();
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [announcer] = useState(() => createAnnouncer(setAnnouncement, requestArrivals));
  useEffect(() => () => announcer.dispose(), [announcer]);

  const lastSeenRef = useRef<() => string | undefined>(() => undefined);
  const queue = useServeQueue({ category: category || undefined, since }, () => lastSeenRef.current());
  lastSeenRef.current = useQueueFreshness(queue.data);
  const stage = useStageCommand();
  const [busyId, setBusyId] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const items = queue.data?.items;
  useArrivals(items, category, (fresh) => {
    const newest = fresh.at(-1);
    if (newest) announcer.arrived(fresh.length, `${newest.mealTitle} for ${newest.userName}`);
    chime.play();
  });

  // Reminders: every 30 s, a chime while anything has waited past the second threshold.
  const latestItems = useRef(items);
  const latestThresholds = useRef(thresholds);
  useEffect(() => {
    latestItems.current = items;
    latestThresholds.current = thresholds;
  });
  const { enabled: soundOn, play } = chime;
  useEffect(() => {
    if (!soundOn) return;
    const timer = setInterval(() => {
      const overdue = latestItems.current?.some((item) => isWaiting(item) && ageLevel(waitedMs(item, Date.now()), latestThresholds.current) === 'very-late');
      if (overdue) play();
    }, REMIND_EVERY_MS);
    return () => clearInterval(timer);
  }, [soundOn, play]);

  // A card moved to another place (Delivered ones stand last) keeps the keyboard's focus.
  useEffect(() => {
    const id = focusAfter.current;
    if (!id || !items) return;
    const card = listRef.current?.querySelector<HTMLElement>(`[data-queue-item="${CSS.escape(id)}"]`);
    if (card && document.activeElement !== card && (document.activeElement === document.body || !document.activeElement)) card.focus();
    focusAfter.current = null;
  }, [items]);

  const run = (item: ServeQueueItem, command: StageCommand) => {
    setBusyId(item._id);
    if (listRef.current?.contains(document.activeElement)) focusAfter.current = item._id;
    stage.mutate(
      { id: item._id, command },
      {
        onSuccess: (answer) =>
          toast({
            title: answer.message,
            text: `${item.mealTitle} for ${item.userName}`,
            tone: 'success',
            // One toast a request: its Undo always takes back the latest change.
            replaces: item._id,
            ...(command === 'recall'
              ? {}
              : { action: { label: 'Undo', altText: 'Undo: focus the request and press Backspace', onSelect: () => run(item, 'recall') } }),
          }),
        onError: (error) =>
          toast({
            title: `Could not ${commandWords[command].toLowerCase()}`,
            text: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Something went wrong. Please try again.',
            tone: 'warning',
          }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const waiting = items?.filter(isWaiting) ?? [];
  // Delivered ones stay while they may be taken back (the server sends them for the window; the clock ends it here).
  const delivered = items?.filter((item) => !isWaiting(item) && canRecall(item, now)) ?? [];
  const base = kiosk ? 2 : 3;
  const Section = `h${base}` as 'h2' | 'h3';
  const cardProps = { now, thresholds, hintId, onCommand: run } as const;
  const cardLevel = (base + 1) as 3 | 4;
  const listClass = kiosk ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-3 lg:grid-cols-2';

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        {heading}
        <LiveIndicator state={connection.state} />
        <div className="flex items-center gap-2">
          <label htmlFor={`${hintId}-category`} className="text-sm font-medium text-slate-900">
            Category
          </label>
          <Select id={`${hintId}-category`} value={category} onChange={(event) => setCategory(event.target.value)} className="w-auto">
            <option value={ALL}>All categories</option>
            {MEAL_CATEGORIES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="outline" role="switch" aria-checked={grouped} onClick={() => setGrouped((value) => !value)}>
          <Layers aria-hidden="true" />
          Group by meal
          <span aria-hidden="true" className={cn('rounded px-1.5 text-xs', grouped ? 'bg-orange-700 text-white' : 'bg-slate-200 text-slate-900')}>
            {grouped ? 'On' : 'Off'}
          </span>
        </Button>
        {chime.supported ? (
          <Button variant="outline" aria-pressed={chime.enabled} onClick={chime.enabled ? chime.disable : chime.enable}>
            {chime.enabled ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
            {chime.enabled ? 'Sound on' : 'Enable sound'}
          </Button>
        ) : null}
        <QueueSettings thresholds={thresholds} onSave={setThresholds} />
        {kiosk ? (
          <Link to={paths.dashboard.serveMeals} className={buttonVariants({ variant: 'outline' })}>
            <Minimize2 aria-hidden="true" />
            Leave kitchen display
          </Link>
        ) : (
          <Link to={paths.kitchen} className={buttonVariants({ variant: 'outline' })}>
            <Maximize2 aria-hidden="true" />
            Kitchen display
          </Link>
        )}
      </div>

      <QueueFigures answer={queue.data} />

      <p id={hintId} className="text-sm text-slate-700">
        Keys: arrows move between requests, Enter moves the focused one on, Backspace takes it back.
      </p>
      {/* The one polite region for arrivals: at most one announcement a second, bursts summarised. */}
      <p role="status" aria-live="polite" className="sr-only" data-testid="arrivals">
        {announcement}
      </p>

      {queue.isPending ? (
        <p role="status" className="text-slate-700">
          Loading the queue...
        </p>
      ) : queue.isError && !queue.data ? (
        <p role="alert" className="text-red-700">
          Failed to load the queue.
        </p>
      ) : (
        <div ref={listRef} onKeyDown={moveFocus} className="grid gap-6">
          <section aria-labelledby={`${hintId}-waiting`} className="grid gap-3">
            <Section id={`${hintId}-waiting`} className="text-lg font-semibold text-slate-900">
              Waiting ({waiting.length})
            </Section>
            {waiting.length === 0 ? (
              <p className="text-slate-700">No requests waiting.</p>
            ) : grouped ? (
              // Groups stand side by side like tickets on a pass, each with its requests stacked.
              <ul className={cn(listClass, 'items-start')}>
                {groupByMeal(waiting).map((group) => {
                  const GroupHeading = `h${base + 1}` as 'h3' | 'h4';
                  return (
                    <li key={group.mealId} className="grid gap-2 rounded-xl border border-slate-200 bg-slate-100 p-3">
                      <GroupHeading className="text-lg font-bold text-slate-900">
                        {group.items.length} × {group.mealTitle}
                      </GroupHeading>
                      <ul className="grid gap-2">
                        {group.items.map((item) => (
                          <li key={item._id}>
                            <QueueCard item={item} busy={busyId === item._id} headingLevel={(base + 2) as 4 | 5} {...cardProps} />
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <ol className={listClass}>
                {waiting.map((item) => (
                  <li key={item._id}>
                    <QueueCard item={item} busy={busyId === item._id} headingLevel={cardLevel} {...cardProps} />
                  </li>
                ))}
              </ol>
            )}
          </section>
          {delivered.length > 0 ? (
            <section aria-labelledby={`${hintId}-delivered`} className="grid gap-3">
              <Section id={`${hintId}-delivered`} className="text-lg font-semibold text-slate-900">
                Just delivered ({delivered.length})
              </Section>
              <ul className={listClass}>
                {delivered.map((item) => (
                  <li key={item._id}>
                    <QueueCard item={item} busy={busyId === item._id} headingLevel={cardLevel} {...cardProps} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
