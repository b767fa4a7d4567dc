import { type AuditEntity, auditKey, type AuditName } from '@hostel/contracts';
import { Fragment, useId } from 'react';
import { z } from 'zod';
import { RatingAndPrice } from '@/components/meal/rating-and-price';
import { fieldInWords, plural, shortId, valueInWords } from './event-words';

/** Fields that hold an entity's id, and which kind of entity: shown by its name then. */
const ID_FIELDS: Record<string, AuditEntity> = { mealId: 'meals', upcomingId: 'upcoming', userId: 'users', paymentId: 'payments' };

/** A field's value in words; an id the event named, by that name (and its short id). */
function fieldValue(field: string, value: unknown, names: Record<string, AuditName> | undefined) {
  const kind = ID_FIELDS[field.split('.').at(-1)!];
  const named = kind && typeof value === 'string' ? names?.[auditKey(kind, value)] : undefined;
  return named ? `${named.name} (${shortId(value as string)})` : valueInWords(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Nested records flattened to dotted names; lists stay whole. */
function flatten(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, item]) =>
    isRecord(item) ? flatten(item, `${prefix}${key}.`) : [[`${prefix}${key}`, item] as [string, unknown]],
  );
}

/** Any entity's state as a readable list of its fields, the entities it names by their names then. */
export function StateList({ state, label, names }: { state: Record<string, unknown>; label: string; names?: Record<string, AuditName> | undefined }) {
  const fields = flatten(state);
  if (fields.length === 0) return <p className="text-slate-700">Nothing recorded.</p>;
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-[minmax(0,max-content)_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      {fields.map(([field, value]) => (
        <Fragment key={field}>
          <dt className="font-medium break-words text-slate-900">{fieldInWords(field)}</dt>
          <dd className="text-slate-800 [overflow-wrap:anywhere]">{fieldValue(field, value, names)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A meal's state as the meal decider folds it. */
const ListedMeal = z.object({
  status: z.literal('listed'),
  title: z.string(),
  category: z.string(),
  image: z.string(),
  ingredients: z.array(z.string()),
  description: z.string(),
  price: z.number(),
  rating: z.number(),
  distributorName: z.string(),
  likes: z.number(),
  reviews: z.number(),
});

/** The meal card as it looked then, with what the card leaves out (description, ingredients, who serves it) and its likes and reviews then. */
function MealAsItStood({ meal }: { meal: z.infer<typeof ListedMeal> }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <img src={meal.image} alt={`${meal.title}, as pictured then`} width={800} height={600} className="aspect-[4/3] w-full bg-slate-100 object-cover" />
      <div className="grid gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {meal.title}
          </h3>
          <span className="shrink-0 rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-950">{meal.category}</span>
        </div>
        <RatingAndPrice rating={meal.rating} price={meal.price} />
        <p className="text-sm break-words text-slate-800">{meal.description}</p>
        <p className="text-sm break-words text-slate-800">
          <span className="font-medium text-slate-900">Ingredients: </span>
          {meal.ingredients.join(', ') || '(none)'}
        </p>
        <p className="text-sm text-slate-700">{`Served by ${meal.distributorName}`}</p>
        <p className="text-sm font-medium text-slate-900">{`${plural(meal.likes, 'like')} · ${plural(meal.reviews, 'review')}`}</p>
      </div>
    </article>
  );
}

/** An entity as it stood: a meal as its card, a deleted meal said so, anything else as a list of its fields. */
export function StateView({ entity, state, names }: { entity: AuditEntity; state: Record<string, unknown>; names?: Record<string, AuditName> | undefined }) {
  if (entity === 'meals') {
    if (state.status === 'deleted')
      return <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">The meal was deleted by this version.</p>;
    const meal = ListedMeal.safeParse(state);
    if (meal.success) return <MealAsItStood meal={meal.data} />;
  }
  return <StateList state={state} label="Its fields at this version" names={names} />;
}
