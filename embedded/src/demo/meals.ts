import type { MealCategory } from '@hostel/contracts';
import catalogue from './meals.json' with { type: 'json' };

/** How a dish is drawn (see meal-image.ts): its shape, and the colours of what is on it. */
export interface DishLook {
  kind: 'bowl' | 'plate' | 'stack' | 'flatbread';
  /** The main body: soup, rice, noodles, batter… */
  base: string;
  /** Pieces on top, by colour. */
  toppings: string[];
  /** Herb leaves, if any. */
  garnish?: string;
}

export interface DemoMeal {
  title: string;
  category: MealCategory;
  price: number;
  rating: number;
  ingredients: string[];
  description: string;
  look: DishLook;
}

/**
 * The demo data itself lives in meals.json (data, not code): thirty meals, ten per category, priced
 * across every band of the price filter ($0-10, 10-20, 20-50), and four upcoming meals up for the vote.
 */
const demo = catalogue as { meals: DemoMeal[]; upcoming: Omit<DemoMeal, 'rating'>[] };
export const DEMO_MEALS: DemoMeal[] = demo.meals;
export const DEMO_UPCOMING_MEALS: Omit<DemoMeal, 'rating'>[] = demo.upcoming;
