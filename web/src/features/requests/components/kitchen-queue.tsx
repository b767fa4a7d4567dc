import type { ServeQueueAnswer, ServeQueueItem } from '@hostel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownUp, Bell, BellOff, Layers, Maximize2, Wifi, WifiOff } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { CategorySelect } from '@/components/ui/category-select';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { createAnnouncer } from '@/lib/announcer';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { type LiveState, useLiveConnection, useLiveMessage } from '@/lib/live-updates';
import { isAfter, laterPosition } from '@/lib/positions';
import { localMidnight, SERVE_QUEUE_KEY, type StageCommand, useServeQueue, useStageCommand } from '../api/serve-queue';
import { useChime } from './chime';
import { KitchenMenu } from './kitchen-menu';
import { useKitchenChoices } from './kitchen-controls';
import { useKitchenTheme } from './kitchen-theme';
import { ageLevel, canRecall, formatWait, groupRepeats, inOrder, isWaiting, requestArrivals, waitedMs } from './queue-model';
import { QueueSettings } from './queue-settings';
import { QueueTicket } from './queue-ticket';

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

/** The stage counts, and today's waits once a delivery was timed (a scripted one's 00:00 is no figure: see TIMED_WAIT_MIN_MS). */
function QueueFigures({ answer, compact }: { answer: ServeQueueAnswer | undefined; compact: boolean }) {
  const { averageMs, p90Ms } = answer?.waiting ?? { averageMs: null, p90Ms: null };
  // [label, the kiosk's shorter label, value]
  const figures: [string, string, ReactNode][] = [
    ['Pending', 'Pending', answer?.counts.Pending ?? '–'],
    ['Approved', 'Approved', answer?.counts.Approved ?? '–'],
    ['Delivered today', 'Delivered', answer?.counts.Delivered ?? '–'],
    ...(averageMs !== null && p90Ms !== null
      ? ([
          ['Average wait', 'Avg wait', formatWait(averageMs)],
          ['90% within', '90% within', formatWait(p90Ms)],
        ] as [string, string, ReactNode][])
      : []),
  ];
  return (
    <dl
      aria-label="Today in the kitchen"
      className={compact ? 'flex flex-wrap items-baseline gap-x-3 gap-y-1' : 'grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5'}
    >
      {figures.map(([label, short, value]) =>
        compact ? (
          <div key={label} className="flex items-baseline gap-1">
            <dt className="text-sm text-slate-700 dark:text-slate-300">
              {short === label ? (
                label
              ) : (
                <>
                  <span aria-hidden="true">{short}</span>
                  <span className="sr-only">{label}</span>
                </>
              )}
            </dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums dark:text-slate-50">{value}</dd>
          </div>
        ) : (
          <div key={label} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <dt className="text-xs font-medium tracking-wide text-slate-700 uppercase">{label}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ),
      )}
    </dl>
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
function useQueueFreshness(answer: ServeQueueAnswer | undefined, lastSeenRef: RefObject<string | undefined>) {
  const queryClient = useQueryClient();
  const shown = answer?.position;
  useEffect(() => {
    lastSeenRef.current = laterPosition(lastSeenRef.current, shown);
  }, [shown, lastSeenRef]);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: [SERVE_QUEUE_KEY] });

  useLiveMessage('changed', (message) => {
    if (message.resource !== 'mealRequests') return;
    // A push the data on show already reflects (it arrived after a refetch that included it) changes nothing.
    if (message.position && shown && !isAfter(message.position, shown)) return;
    lastSeenRef.current = laterPosition(lastSeenRef.current, message.position);
    refetch();
  });

  const { connects } = useLiveConnection();
  const counted = useRef(connects);
  useEffect(() => {
    if (connects <= counted.current) return;
    counted.current = connects;
    void queryClient.invalidateQueries({ queryKey: [SERVE_QUEUE_KEY] });
  }, [connects, queryClient]);
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

/** How long a new ticket flashes. */
export const FLASH_MS = 6000;

/** Requests that arrived on this screen lately (their tickets flash), each for FLASH_MS. */
function useFlashing() {
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const flash = (ids: string[]) => {
    setFlashing((current) => new Set([...current, ...ids]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFlashing((current) => new Set([...current].filter((id) => !ids.includes(id))));
    }, FLASH_MS);
    timers.current.add(timer);
  };
  return [flashing, flash] as const;
}

/** Said while the socket is down: the screen may be behind, and what it shows cannot be acted on. */
function OfflineBanner() {
  return (
    <div
      role="alert"
      data-testid="offline-banner"
      className="flex items-start gap-2 rounded-md border-2 border-amber-500 bg-amber-100 px-3 py-2 font-semibold text-amber-950"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>Offline, reconnecting… The queue may be out of date: Approve, Serve and Recall are paused until it is live again.</p>
    </div>
  );
}

/**
 * The kitchen's queue: Serve Meals' top half, and the whole of the kiosk view (`kiosk`: a one-line header
 * with its controls in one menu, a dark theme if chosen or the system's, tickets in a grid for a landscape
 * tablet). Requests oldest first, or newest first if chosen (kept in this browser), their waits counting up,
 * late and very late past the two thresholds; counts, and today's waits once one was timed; meals asked
 * for more than once grouped ('2 × Dal Makhani'); filter by category; Approve, Serve and Recall in one tap
 * (or Enter and Backspace on a focused ticket) with an Undo toast; a new ticket flashes, with a chime and
 * one polite announcement; and whether it is live: while it is not, the queue is dimmed under a banner
 * and its actions are paused.
 */
export function KitchenQueue({ kiosk = false, heading }: { kiosk?: boolean; heading?: ReactNode }) {
  const now = useNow();
  const since = localMidnight(new Date(now));
  const choices = useKitchenChoices();
  const { category, setCategory, grouped, setGrouped, order, setOrder, thresholds, setThresholds } = choices;
  useKitchenTheme(choices.theme, kiosk);
  const connection = useLiveConnection();
  const paused = connection.state === 'reconnecting';
  const toast = useToast();
  const chime = useChime();
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [announcer] = useState(() => createAnnouncer(setAnnouncement, requestArrivals));
  useEffect(() => () => announcer.dispose(), [announcer]);
  const [flashing, flash] = useFlashing();

  // The latest position the queue is known to have reached: its reads ask for no less.
  const lastSeen = useRef<string | undefined>(undefined);
  const queue = useServeQueue({ category: category || undefined, since }, () => lastSeen.current);
  useQueueFreshness(queue.data, lastSeen);
  const stage = useStageCommand();
  const [busyId, setBusyId] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const items = queue.data?.items;
  useArrivals(items, category, (fresh) => {
    const newest = fresh.at(-1);
    if (newest) announcer.arrived(fresh.length, `${newest.mealTitle} for ${newest.userName}`);
    flash(fresh.map((item) => item._id));
    chime.play();
  });

  // Reminders: every 30 s, a chime while anything has waited past the second threshold.
  const latestItems = useRef(items);
  const latestThresholds = useRef(thresholds);
  const latestPaused = useRef(paused);
  useEffect(() => {
    latestItems.current = items;
    latestThresholds.current = thresholds;
    latestPaused.current = paused;
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

  // A card moved to another place (Delivered ones stand last) keeps the keyboard's focus: once its command
  // has settled, so that the keys work on it from the moment it has the focus.
  useEffect(() => {
    const id = focusAfter.current;
    if (!id || !items || busyId === id) return;
    const card = listRef.current?.querySelector<HTMLElement>(`[data-queue-item="${CSS.escape(id)}"]`);
    if (card && document.activeElement !== card && (document.activeElement === document.body || !document.activeElement)) card.focus();
    focusAfter.current = null;
  }, [items, busyId]);

  const run = (item: ServeQueueItem, command: StageCommand) => {
    // Not live: the buttons are disabled, but a toast's Undo may still be pressed.
    if (latestPaused.current) {
      toast({ title: `Could not ${commandWords[command].toLowerCase()}`, text: 'The queue is offline: try again once it is live.', tone: 'warning' });
      return;
    }
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

  const waiting = inOrder(items?.filter(isWaiting) ?? [], order);
  // Delivered ones stay while they may be taken back (the server sends them for the window; the clock ends it here).
  const delivered = items?.filter((item) => !isWaiting(item) && canRecall(item, now)) ?? [];
  const base = kiosk ? 2 : 3;
  const Section = `h${base}` as 'h2' | 'h3';
  const GroupHeading = `h${base + 1}` as 'h3' | 'h4';
  const ticket = (item: ServeQueueItem, headingLevel: 3 | 4 | 5, inGroup = false) => (
    <QueueTicket
      item={item}
      inGroup={inGroup}
      now={now}
      thresholds={thresholds}
      hintId={hintId}
      headingLevel={headingLevel}
      busy={busyId === item._id}
      paused={paused}
      fresh={flashing.has(item._id)}
      onCommand={run}
    />
  );
  const listClass = kiosk ? 'grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid gap-3 md:grid-cols-2 xl:grid-cols-3';
  /** A section's tickets, each headed one level below the section. */
  const tickets = (of: ServeQueueItem[], List: 'ol' | 'ul') => (
    <List className={listClass}>
      {of.map((item) => (
        <li key={item._id}>{ticket(item, (base + 1) as 3 | 4)}</li>
      ))}
    </List>
  );
  const orderWords = order === 'newest' ? 'newest first' : 'oldest first';

  return (
    <div className={kiosk ? 'grid gap-3' : 'grid gap-4'}>
      {kiosk ? (
        // One line on a tablet: what it is, whether it is live, today's figures, and one menu for the rest.
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {heading}
          <LiveIndicator state={connection.state} />
          {category ? <p className="rounded-full bg-orange-100 px-3 py-1 text-sm font-semibold text-orange-950">{category} only</p> : null}
          <QueueFigures answer={queue.data} compact />
          <div className="ml-auto">
            <KitchenMenu {...choices} sound={chime} />
          </div>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            {heading}
            <LiveIndicator state={connection.state} />
            <div className="flex items-center gap-2">
              <label htmlFor={`${hintId}-category`} className="text-sm font-medium text-slate-900">
                Category
              </label>
              <CategorySelect
                id={`${hintId}-category`}
                unchosen="All categories"
                value={category}
                onChange={(event) => setCategory(event.target.value)}
                className="w-auto"
              />
            </div>
            <OnOffSwitch on={order === 'newest'} onChange={(on) => setOrder(on ? 'newest' : 'oldest')} Icon={ArrowDownUp} label="Newest first" />
            <OnOffSwitch on={grouped} onChange={setGrouped} Icon={Layers} label="Group by meal" />
            {chime.supported ? (
              <Button variant="outline" aria-pressed={chime.enabled} onClick={chime.enabled ? chime.disable : chime.enable}>
                {chime.enabled ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
                {chime.enabled ? 'Sound on' : 'Enable sound'}
              </Button>
            ) : null}
            <QueueSettings thresholds={thresholds} onSave={setThresholds} />
            <Link to={paths.kitchen} className={buttonVariants({ variant: 'outline' })}>
              <Maximize2 aria-hidden="true" />
              Kitchen display
            </Link>
          </div>
          <QueueFigures answer={queue.data} compact={false} />
        </>
      )}

      {paused ? <OfflineBanner /> : null}
      <p id={hintId} className={kiosk ? 'sr-only' : 'text-sm text-slate-700'}>
        Keys: arrows move between requests, Enter moves the focused one on, Backspace takes it back.
      </p>
      {/* The one polite region for arrivals: at most one announcement a second, bursts summarised. */}
      <p role="status" aria-live="polite" className="sr-only" data-testid="arrivals">
        {announcement}
      </p>

      {queue.isPending ? (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          Loading the queue...
        </p>
      ) : queue.isError && !queue.data ? (
        <p role="alert" className="text-red-700">
          Failed to load the queue.
        </p>
      ) : (
        // The arrow keys pressed on a card bubble here, which moves focus between the cards (no stop of its own).
        // While offline the queue is dimmed (and its buttons disabled): what it shows may be behind.
        // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
        <div
          ref={listRef}
          onKeyDown={moveFocus}
          data-testid="queue"
          data-paused={paused || undefined}
          className={cn('grid gap-4 transition-opacity', paused && 'opacity-50 grayscale')}
        >
          <section aria-labelledby={`${hintId}-waiting`} className="grid gap-2">
            <Section id={`${hintId}-waiting`} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
              Waiting ({waiting.length}) <span className="text-sm font-normal text-slate-700 dark:text-slate-300">· {orderWords}</span>
            </Section>
            {waiting.length === 0 ? (
              <p className="text-slate-700 dark:text-slate-300">No requests waiting.</p>
            ) : grouped ? (
              // A meal asked for more than once is one list, like Toast's all-day view; a single ticket stands alone.
              <ol className={cn(listClass, 'items-start')}>
                {groupRepeats(waiting).map((entry) =>
                  entry.kind === 'ticket' ? (
                    <li key={entry.item._id}>{ticket(entry.item, (base + 1) as 3 | 4)}</li>
                  ) : (
                    <li
                      key={entry.mealId}
                      data-meal-group={entry.mealId}
                      className="grid gap-2 rounded-xl border-2 border-slate-300 bg-slate-200 p-2 dark:border-slate-600 dark:bg-slate-800"
                    >
                      <GroupHeading className="px-1 text-base font-bold text-slate-900 dark:text-slate-50">
                        {entry.items.length} × {entry.mealTitle}
                      </GroupHeading>
                      <ul className="grid gap-2">
                        {entry.items.map((item) => (
                          <li key={item._id}>{ticket(item, (base + 2) as 4 | 5, true)}</li>
                        ))}
                      </ul>
                    </li>
                  ),
                )}
              </ol>
            ) : (
              tickets(waiting, 'ol')
            )}
          </section>
          {delivered.length > 0 ? (
            <section aria-labelledby={`${hintId}-delivered`} className="grid gap-2">
              <Section id={`${hintId}-delivered`} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
                Just delivered ({delivered.length})
              </Section>
              {tickets(delivered, 'ul')}
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** A toggle button that says its state in words too (role switch). */
function OnOffSwitch({ on, onChange, Icon, label }: { on: boolean; onChange: (on: boolean) => void; Icon: typeof Layers; label: string }) {
  return (
    <Button variant="outline" role="switch" aria-checked={on} onClick={() => onChange(!on)}>
      <Icon aria-hidden="true" />
      {label}
      <span aria-hidden="true" className={cn('rounded px-1.5 text-xs', on ? 'bg-orange-700 text-white' : 'bg-slate-200 text-slate-900')}>
        {on ? 'On' : 'Off'}
      </span>
    </Button>
  );
}
