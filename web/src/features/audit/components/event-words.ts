import type { ArrivalWords } from '@/lib/announcer';
import { plural } from '@/lib/plural';
import { type AuditEntity, type AuditEvent, auditKey, type DomainEvent, eventSchemas, type EventType } from '@hostel/contracts';
import {
  Award,
  CalendarPlus,
  ChefHat,
  CircleCheck,
  CircleX,
  ClipboardList,
  CreditCard,
  Hourglass,
  Download,
  Eraser,
  Eye,
  Heart,
  KeyRound,
  Link2,
  type LucideIcon,
  Mail,
  MailCheck,
  MailX,
  Megaphone,
  MessageSquare,
  MessageSquareX,
  Pencil,
  ShieldCheck,
  ThumbsUp,
  Trash2,
  TrendingUp,
  Undo2,
  UserPen,
  UserPlus,
  UtensilsCrossed,
  Zap,
} from 'lucide-react';

/**
 * How the audit screens put an event into words: what happened (a phrase after who did it), its icon,
 * who did it, which entity it is about, and values and field names as people read them.
 */

/** An icon per event type (exhaustive: a new event type must pick one). */
const icons: Record<EventType, LucideIcon> = {
  AuditExported: Download,
  UserRegistered: UserPlus,
  UserPasswordSet: KeyRound,
  UserIdentityLinked: Link2,
  UserProfileUpdated: UserPen,
  UserPromotedToAdmin: ShieldCheck,
  UserMadeAuditor: Eye,
  UserBadgeGranted: Award,
  UserEmailVerificationSent: Mail,
  UserEmailVerified: MailCheck,
  UserPasswordResetSent: Mail,
  UserPasswordReset: KeyRound,
  UserPasswordCleared: Eraser,
  MealAdded: UtensilsCrossed,
  MealEdited: Pencil,
  MealDeleted: Trash2,
  MealLiked: Heart,
  ReviewAdded: MessageSquare,
  ReviewDeleted: MessageSquareX,
  PaymentSucceeded: CreditCard,
  MembershipPurchaseStarted: CreditCard,
  MembershipPurchaseAwaitingProvider: Hourglass,
  MembershipPurchaseCompleted: CircleCheck,
  MembershipPurchaseFailed: CircleX,
  MealRequested: ClipboardList,
  MealRequestApproved: ChefHat,
  MealRequestServed: CircleCheck,
  MealRequestRecalled: Undo2,
  MealRequestCancelled: CircleX,
  UpcomingMealAdded: CalendarPlus,
  UpcomingMealLiked: ThumbsUp,
  UpcomingMealThresholdReached: TrendingUp,
  UpcomingMealPublished: Megaphone,
  NewsletterSubscriptionRequested: Mail,
  NewsletterSubscriptionConfirmed: MailCheck,
  NewsletterUnsubscribed: MailX,
};

const isEventType = (type: string): type is EventType => Object.hasOwn(eventSchemas, type);

export const EVENT_TYPES = (Object.keys(eventSchemas) as EventType[]).sort();

export function iconOf(type: string): LucideIcon {
  return isEventType(type) ? icons[type] : Zap;
}

/** 'MealEdited' → 'Meal edited'. */
export function typeInWords(type: string) {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `firstName` → 'First name', `changes.price` → 'Changes price'. */
export function fieldInWords(field: string) {
  if (field === '') return 'The record';
  return typeInWords(field.replaceAll('.', ' ').replace(/Id\b/g, ' id').replace(/_/g, ' '));
}

/** The event's data in today's shape, when it is one we know (a redacted secret still reads as a string). */
function known(event: AuditEvent): DomainEvent | undefined {
  if (!isEventType(event.type)) return undefined;
  const parsed = eventSchemas[event.type].safeParse(event.data);
  return parsed.success ? ({ type: event.type, data: parsed.data } as DomainEvent) : undefined;
}

const quoted = (text: string) => `“${text}”`;

export { plural };

/** How the event named an entity when it happened (see the API's `names`). */
export function nameThen(event: AuditEvent, entity: AuditEntity, id: string | undefined) {
  return id === undefined ? undefined : event.names?.[auditKey(entity, id)];
}

/**
 * The event's words for an entity it mentions: a meal or upcoming meal by its title then, a person by
 * their name then ('their' when it is the actor themselves), else words that say what it is.
 */
function wordsFor(event: AuditEvent) {
  const actorId = event.actor === 'system' ? undefined : event.actor.id;
  const person = (id: string | undefined, fallback = 'a user') => nameThen(event, 'users', id)?.name ?? fallback;
  return {
    meal: (id: string | undefined, fallback = 'a meal') => nameThen(event, 'meals', id)?.name ?? fallback,
    upcoming: (id: string | undefined) => nameThen(event, 'upcoming', id)?.name ?? 'an upcoming meal',
    person,
    /** 'their' for the actor's own, else '<name>'s'. */
    whose: (id: string | undefined) => (id !== undefined && id === actorId ? 'their' : `${person(id)}'s`),
    /** The person as the object of a verb: their name, or 'their own account' for the actor's own. */
    whom: (id: string | undefined) => (id !== undefined && id === actorId ? 'their own account' : person(id)),
    /** 'was sent <what>' when the actor is its addressee (the account's own flows act as its owner), else 'sent <name> <what>'. */
    sentTo: (id: string | undefined, what: string) => (id !== undefined && id === actorId ? `was sent ${what}` : `sent ${person(id)} ${what}`),
  };
}

/** What happened, as a phrase that follows who did it ('Boss' + 'approved Sam's request for Dal Tadka'), naming things as they were named then. */
export function whatHappened(event: AuditEvent): string {
  const typed = known(event);
  if (!typed) return `recorded ${typeInWords(event.type).toLowerCase()}`;
  const { meal, upcoming, person, whose, whom, sentTo } = wordsFor(event);
  switch (typed.type) {
    case 'AuditExported': {
      const filter = Object.entries(typed.data.filter).map(([name, value]) => `${name} ${value}`);
      return `exported the audit trail as ${typed.data.format.toUpperCase()}${filter.length ? ` (${filter.join(', ')})` : ' (everything)'}`;
    }
    case 'UserRegistered':
      return `registered the account of ${typed.data.name} (${typed.data.email})`;
    case 'UserPasswordSet':
      return `set ${whose(typed.data.userId)} password`;
    case 'UserIdentityLinked':
      return `linked a sign-in with ${typed.data.issuer} to ${whose(typed.data.userId)} account`;
    case 'UserProfileUpdated':
      return `updated ${whose(typed.data.userId)} profile (name ${typed.data.name})`;
    case 'UserPromotedToAdmin':
      return typed.data.reason === 'verified-admin-email'
        ? 'became an admin by proving an address on the admin list'
        : `made ${whom(typed.data.userId)} an admin${typed.data.reason === 'granted-by-operator' ? ' from the machine' : ''}`;
    case 'UserMadeAuditor':
      return `made ${whom(typed.data.userId)} an auditor${typed.data.reason === 'granted-by-operator' ? ' from the machine' : ''}`;
    case 'UserBadgeGranted': {
      const payment = nameThen(event, 'payments', typed.data.paymentId);
      return `granted ${whom(typed.data.userId)} the ${typed.data.badge} badge${payment ? `, paid for with ${payment.name}` : ''}`;
    }
    case 'UserEmailVerificationSent':
      return sentTo(typed.data.userId, 'a link to verify their email');
    case 'UserEmailVerified':
      return `verified ${whose(typed.data.userId)} email ${typed.data.email}`;
    case 'UserPasswordResetSent':
      return sentTo(typed.data.userId, 'a password reset link');
    case 'UserPasswordReset':
      return `reset ${whose(typed.data.userId)} password with a mailed link`;
    case 'UserPasswordCleared':
      return `dropped the password of ${person(typed.data.userId)}, whose mailbox nobody had proved`;
    case 'MealAdded':
      return `added the meal ${typed.data.title} (${typed.data.category}, $${typed.data.price.toFixed(2)})`;
    case 'MealEdited': {
      const fields = Object.keys(typed.data.changes).map((field) => fieldInWords(field).toLowerCase());
      return fields.length ? `edited ${meal(typed.data.mealId, 'the meal')}: ${fields.join(', ')}` : `edited ${meal(typed.data.mealId, 'the meal')}`;
    }
    case 'MealDeleted':
      return `deleted the meal ${meal(typed.data.mealId, '')}`.trimEnd();
    case 'MealLiked':
      return `liked ${meal(typed.data.mealId)}`;
    case 'ReviewAdded':
      return `reviewed ${meal(typed.data.mealId, typed.data.mealTitle)}: ${quoted(typed.data.review)}`;
    case 'ReviewDeleted':
      return `deleted a review of ${meal(typed.data.mealId)}`;
    case 'PaymentSucceeded':
      return `paid ${typed.data.price} for ${typed.data.package}`;
    case 'MembershipPurchaseStarted':
      return `started buying ${typed.data.package}`;
    case 'MembershipPurchaseAwaitingProvider':
      return 'waited for the card provider to take a payment';
    case 'MembershipPurchaseCompleted':
      return 'completed a membership purchase';
    case 'MembershipPurchaseFailed':
      return `ended a membership purchase without payment (${typed.data.reason}): ${quoted(typed.data.message)}`;
    case 'MealRequested':
      return `requested ${meal(typed.data.mealId, typed.data.mealTitle)}`;
    case 'MealRequestApproved':
      return `approved ${whose(typed.data.userId)} request for ${meal(typed.data.mealId)}`;
    case 'MealRequestServed':
      return `served ${whose(typed.data.userId)} request for ${meal(typed.data.mealId)}`;
    case 'MealRequestRecalled':
      return `took ${whose(typed.data.userId)} request for ${meal(typed.data.mealId)} back from ${typed.data.from} to ${typed.data.to}`;
    case 'MealRequestCancelled':
      return `cancelled ${whose(typed.data.userId)} request for ${meal(typed.data.mealId)}`;
    case 'UpcomingMealAdded':
      return `added the upcoming meal ${typed.data.title}`;
    case 'UpcomingMealLiked':
      return `liked ${upcoming(typed.data.upcomingId)} (${plural(typed.data.likes, 'like')})`;
    case 'UpcomingMealThresholdReached':
      return `brought ${upcoming(typed.data.upcomingId)} to ${plural(typed.data.likes, 'like')}, enough to publish it`;
    case 'UpcomingMealPublished':
      return `published ${upcoming(typed.data.upcomingId)} into the catalogue`;
    case 'NewsletterSubscriptionRequested':
      return `asked to receive the newsletter at ${typed.data.email}`;
    case 'NewsletterSubscriptionConfirmed':
      return `confirmed the newsletter subscription of ${typed.data.email}`;
    case 'NewsletterUnsubscribed':
      return `unsubscribed ${typed.data.email} from the newsletter`;
    default: {
      const unhandled: never = typed;
      return unhandled;
    }
  }
}

/** Who did it: a person by name, or a policy of the system. */
export function actorInWords(actor: AuditEvent['actor']) {
  return actor === 'system' ? 'System' : actor.name || actor.email || actor.id;
}

/** The event's actor as they were named when it happened (as named now when the log never named them). */
export function actorThen(event: AuditEvent): AuditEvent['actor'] {
  if (event.actor === 'system') return 'system';
  const then = event.names?.[`users:${event.actor.id}`];
  return then ? { id: event.actor.id, name: then.name, email: then.email ?? event.actor.email } : event.actor;
}

/** The event in one sentence, for announcements and labels: its actor as named then. */
export function eventInWords(event: AuditEvent) {
  return `${actorInWords(actorThen(event))} ${whatHappened(event)}`;
}

export const entityLabels: Record<AuditEntity, string> = {
  meals: 'Meal',
  upcoming: 'Upcoming meal',
  requests: 'Meal request',
  users: 'User',
  payments: 'Payment',
};

/**
 * The entity an event belongs to, if the audit has a page for it: the one it is a version of, else the
 * meal (or upcoming meal) it is about.
 */
export function subjectOf(event: AuditEvent): { entity: AuditEntity; id: string } | undefined {
  if (event.subject) return { entity: event.subject.entity, id: event.subject.id };
  if (typeof event.data.mealId === 'string') return { entity: 'meals', id: event.data.mealId };
  if (typeof event.data.upcomingId === 'string') return { entity: 'upcoming', id: event.data.upcomingId };
  return undefined;
}

/**
 * An entity by its name as an event named it: a meal's title, a person's name, a payment's plan and
 * price, a request as whose and for what; its short id when the log never named it.
 */
export function entityName(event: AuditEvent, entity: AuditEntity, id: string): string {
  if (entity === 'requests' && typeof event.data.userId === 'string') {
    const student = nameThen(event, 'users', event.data.userId)?.name;
    const meal = typeof event.data.mealId === 'string' ? nameThen(event, 'meals', event.data.mealId)?.name : undefined;
    if (student && meal) return `${student}'s request for ${meal}`;
  }
  return nameThen(event, entity, id)?.name ?? shortId(id);
}

/** Whether the event edits the entity it is a version of: 'what changed' is then worth showing, field by field. */
export function isEdit(event: AuditEvent) {
  return /(Edited|Updated)$/.test(event.type) && event.subject !== undefined && event.subject.version > 1;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as people read it: text in quotes, times in the viewer's words, lists by their items, records by their fields, nothing as '(none)'. */
export function valueInWords(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return timeInWords(value);
    return value === '' ? '(empty)' : quoted(value);
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    // Words joined by commas; records, which hold commas of their own, by semicolons.
    return value.every((item) => typeof item === 'string') ? value.join(', ') : value.map(valueInWords).join('; ');
  }
  if (typeof value === 'object') {
    const fields = Object.entries(value).map(([field, item]) => `${fieldInWords(field).toLowerCase()} ${valueInWords(item)}`);
    return fields.length ? fields.join(', ') : '(none)';
  }
  return String(value);
}

/** A moment as the viewer's locale writes it, to the second. */
export function timeInWords(iso: string) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The first characters of an id: enough to tell ids apart in a list. */
export const shortId = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…` : id);

/** How the live tail says events arrived: '1 new event: …', '3 new events. Latest: …'. */
export const eventArrivals: ArrivalWords = (count, newest) => (count === 1 ? `1 new event: ${newest}` : `${count} new events. Latest: ${newest}`);
