import type { ArrivalWords } from '@/lib/announcer';
import { type AuditEntity, type AuditEvent, type DomainEvent, eventSchemas, type EventType } from '@hostel/contracts';
import {
  Award,
  CalendarPlus,
  ChefHat,
  CircleCheck,
  CircleX,
  ClipboardList,
  CreditCard,
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

/** What happened, as a phrase that follows who did it ('Boss' + 'added the meal “Dal”'). */
export function whatHappened(event: AuditEvent): string {
  const typed = known(event);
  if (!typed) return `recorded ${typeInWords(event.type).toLowerCase()}`;
  switch (typed.type) {
    case 'AuditExported': {
      const filter = Object.entries(typed.data.filter).map(([name, value]) => `${name} ${value}`);
      return `exported the audit trail as ${typed.data.format.toUpperCase()}${filter.length ? ` (${filter.join(', ')})` : ' (everything)'}`;
    }
    case 'UserRegistered':
      return `registered the account of ${typed.data.name} (${typed.data.email})`;
    case 'UserPasswordSet':
      return 'set a password';
    case 'UserIdentityLinked':
      return `linked a sign-in with ${typed.data.issuer}`;
    case 'UserProfileUpdated':
      return `updated the profile of ${typed.data.name}`;
    case 'UserPromotedToAdmin':
      return typed.data.reason === 'verified-admin-email' ? 'became an admin by proving an address on the admin list' : 'promoted a user to admin';
    case 'UserMadeAuditor':
      return 'made a user an auditor';
    case 'UserBadgeGranted':
      return `granted the ${typed.data.badge} badge`;
    case 'UserEmailVerificationSent':
      return 'sent an email verification link';
    case 'UserEmailVerified':
      return `verified the email ${typed.data.email}`;
    case 'UserPasswordResetSent':
      return 'sent a password reset link';
    case 'UserPasswordReset':
      return 'reset a password with a mailed link';
    case 'UserPasswordCleared':
      return 'dropped a password nobody had proved the mailbox for';
    case 'MealAdded':
      return `added the meal ${quoted(typed.data.title)} (${typed.data.category}, $${typed.data.price.toFixed(2)})`;
    case 'MealEdited': {
      const fields = Object.keys(typed.data.changes).map((field) => fieldInWords(field).toLowerCase());
      return fields.length ? `edited the meal: ${fields.join(', ')}` : 'edited the meal';
    }
    case 'MealDeleted':
      return 'deleted a meal';
    case 'MealLiked':
      return 'liked a meal';
    case 'ReviewAdded':
      return `reviewed ${quoted(typed.data.mealTitle)}: ${quoted(typed.data.review)}`;
    case 'ReviewDeleted':
      return 'deleted a review';
    case 'PaymentSucceeded':
      return `paid ${typed.data.price} for ${typed.data.package}`;
    case 'MealRequested':
      return `requested ${quoted(typed.data.mealTitle)}`;
    case 'MealRequestApproved':
      return 'approved a meal request';
    case 'MealRequestServed':
      return 'served a meal request';
    case 'MealRequestRecalled':
      return `recalled a meal request from ${typed.data.from} to ${typed.data.to}`;
    case 'MealRequestCancelled':
      return 'cancelled a meal request';
    case 'UpcomingMealAdded':
      return `added the upcoming meal ${quoted(typed.data.title)}`;
    case 'UpcomingMealLiked':
      return `liked an upcoming meal (${typed.data.likes} likes)`;
    case 'UpcomingMealThresholdReached':
      return `brought an upcoming meal to ${typed.data.likes} likes, enough to publish it`;
    case 'UpcomingMealPublished':
      return 'published an upcoming meal into the catalogue';
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

/** Who did it: a person as they are named now, or a policy of the system. */
export function actorInWords(actor: AuditEvent['actor']) {
  return actor === 'system' ? 'System' : actor.name || actor.email || actor.id;
}

/** The event in one sentence, for announcements and labels. */
export function eventInWords(event: AuditEvent) {
  return `${actorInWords(event.actor)} ${whatHappened(event)}`;
}

export const entityLabels: Record<AuditEntity, string> = {
  meals: 'Meal',
  upcoming: 'Upcoming meal',
  requests: 'Meal request',
  users: 'User',
  payments: 'Payment',
};

const streamEntities: Record<string, AuditEntity> = { meal: 'meals', upcoming: 'upcoming', user: 'users', payment: 'payments' };

/** The entity whose own stream holds the event (a request within its student's stream of requests). */
function ownSubject(event: AuditEvent): { entity: AuditEntity; id: string } | undefined {
  const dash = event.stream.indexOf('-');
  const category = event.stream.slice(0, dash);
  const streamEntity = streamEntities[category];
  if (streamEntity) return { entity: streamEntity, id: event.stream.slice(dash + 1) };
  if (category === 'request' && typeof event.data.requestId === 'string') return { entity: 'requests', id: event.data.requestId };
  return undefined;
}

/**
 * The entity an event belongs to, if the audit has a page for it: its own stream's, else the meal (or
 * upcoming meal) it is about, as for a review or a like kept in a stream of its own.
 */
export function subjectOf(event: AuditEvent): { entity: AuditEntity; id: string } | undefined {
  const own = ownSubject(event);
  if (own) return own;
  if (typeof event.data.mealId === 'string') return { entity: 'meals', id: event.data.mealId };
  if (typeof event.data.upcomingId === 'string') return { entity: 'upcoming', id: event.data.upcomingId };
  return undefined;
}

/** Whether the event edits its own entity: 'what changed' is then worth showing, field by field (the diff reads the entity's stream). */
export function isEdit(event: AuditEvent) {
  return /(Edited|Updated)$/.test(event.type) && event.version > 0 && ownSubject(event) !== undefined;
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
