import { randomUUID } from 'node:crypto';
import { MEAL_CATEGORIES, streamName } from '@hostel/contracts';
import type { EventMetadata } from '@hostel/contracts';
import type { EventStore, Position } from '@hostel/eventstore';
import { comparePositions, START } from '@hostel/eventstore';

// A menu's worth of words: a search word matches a few percent of the meals, as on a real catalogue.
const dishes = [
  'chicken',
  'paneer',
  'lentil',
  'egg',
  'mushroom',
  'lamb',
  'tofu',
  'prawn',
  'potato',
  'chickpea',
  'beef',
  'spinach',
  'salmon',
  'cod',
  'duck',
  'pork',
  'turkey',
  'bean',
  'cauliflower',
  'aubergine',
  'pumpkin',
  'okra',
  'cabbage',
  'corn',
  'pea',
  'halloumi',
  'feta',
  'quinoa',
  'barley',
  'oat',
  'pasta',
  'noodle',
  'dumpling',
  'falafel',
  'kidney bean',
  'squid',
  'mussel',
  'crab',
  'venison',
  'goat',
];
const styles = [
  'curry',
  'biryani',
  'masala',
  'stew',
  'soup',
  'salad',
  'wrap',
  'bowl',
  'fry',
  'roast',
  'pie',
  'bake',
  'skewer',
  'tagine',
  'risotto',
  'pilaf',
  'korma',
  'vindaloo',
  'tikka',
  'burger',
  'sandwich',
  'taco',
  'burrito',
  'casserole',
  'gratin',
  'hotpot',
  'ramen',
  'pho',
  'dal',
  'kebab',
];
const sides = [
  'rice',
  'naan',
  'roti',
  'fries',
  'bread',
  'quinoa',
  'couscous',
  'salad',
  'mash',
  'slaw',
  'pickles',
  'chutney',
  'raita',
  'greens',
  'polenta',
  'pita',
];
const words = [
  'spicy',
  'creamy',
  'smoky',
  'tangy',
  'butter',
  'garlic',
  'tomato',
  'herb',
  'lemon',
  'coconut',
  'ginger',
  'honey',
  'chilli',
  'pepper',
  'mint',
  'saffron',
  'sesame',
  'miso',
  'truffle',
  'paprika',
  'cumin',
  'fennel',
  'basil',
  'mustard',
  'tamarind',
  'yogurt',
  'cheddar',
  'walnut',
  'almond',
  'orange',
];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** A meal's added event, varied enough that search, category and price filters select realistically. */
function mealAdded(index: number) {
  const mealId = randomUUID();
  const eventId = randomUUID();
  const dish = pick(dishes);
  const style = pick(styles);
  const metadata: EventMetadata = {
    eventId,
    actor: 'bench',
    correlationId: eventId,
    causationId: eventId,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  };
  return {
    stream: streamName('meal', mealId),
    event: {
      eventId,
      type: 'MealAdded',
      metadata,
      data: {
        mealId,
        title: `${pick(words)} ${dish} ${style} #${index}`,
        category: pick(MEAL_CATEGORIES),
        image: `/api/media/${randomUUID()}`,
        ingredients: [dish, pick(sides), pick(words), 'salt'],
        description: `A ${pick(words)} ${style} of ${dish} served with ${pick(sides)}.`,
        price: Math.round(Math.random() * 5000) / 100,
        distributorName: 'Bench Admin',
        distributorEmail: 'bench@hostel.test',
        rating: Math.round(Math.random() * 100) / 10,
        postTime: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      },
    },
  };
}

/** Appends `count` MealAdded events, one stream each, `concurrency` appends at a time; answers the last position. */
export async function appendMeals(store: EventStore, count: number, concurrency = 24, onProgress?: (done: number) => void): Promise<Position> {
  let next = 0;
  let done = 0;
  let last = START;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const { stream, event } = mealAdded(next++);
        const { position } = await store.append(stream, [event], { expectedVersion: 'no_stream' });
        if (comparePositions(position, last) > 0) last = position;
        if (++done % 5000 === 0) onProgress?.(done);
      }
    }),
  );
  return last;
}
