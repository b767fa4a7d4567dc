/**
 * The read side's tables as kysely sees them: written only by the projector's projections,
 * queried by the read-api. snake_case columns; the read-api maps rows to the spec's field names.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  photo: string;
  role: 'user' | 'admin';
  badge: 'bronze' | 'silver' | 'gold' | 'platinum' | null;
  registered_at: Date;
}

export interface ProjectionCheckpointsTable {
  name: string;
  /** The position's two halves (see the event-store port), as bigint strings. */
  position_a: string;
  position_b: string;
  updated_at: Date;
}

export interface MealsTable {
  id: string;
  title: string;
  category: 'Breakfast' | 'Lunch' | 'Dinner';
  image: string;
  ingredients: string[];
  description: string;
  /** numeric: arrives as a string. */
  price: string | number;
  post_time: Date;
  distributor_name: string;
  distributor_email: string;
  rating: number;
  likes: number;
  reviews_count: number;
  search_text: string;
}

export interface MealLikesTable {
  meal_id: string;
  user_id: string;
}

export interface ReviewsTable {
  id: string;
  meal_id: string;
  meal_title: string;
  distributor_name: string;
  user_id: string;
  user_email: string;
  user_name: string;
  review: string;
  created_at: Date;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  email: string;
  package: string;
  badge: string;
  price: string;
  amount: number;
  currency: string;
  provider_ref: string;
  paid_at: Date;
}

export interface UpcomingMealsTable {
  id: string;
  title: string;
  category: 'Breakfast' | 'Lunch' | 'Dinner';
  image: string;
  ingredients: string[];
  description: string;
  /** numeric: arrives as a string. */
  price: string | number;
  distributor_name: string;
  distributor_email: string;
  added_at: Date;
  likes: number;
}

export interface UpcomingLikesTable {
  upcoming_id: string;
  user_id: string;
}

export interface MealRequestsTable {
  id: string;
  user_id: string;
  user_email: string;
  user_name: string;
  user_badge: 'bronze' | 'silver' | 'gold' | 'platinum' | null;
  meal_id: string;
  meal_title: string;
  distributor_name: string;
  status: 'Pending' | 'Approved' | 'Delivered';
  request_time: Date;
  served_at: Date | null;
}

export interface ReadModelTables {
  users: UsersTable;
  meals: MealsTable;
  meal_likes: MealLikesTable;
  reviews: ReviewsTable;
  payments: PaymentsTable;
  upcoming_meals: UpcomingMealsTable;
  upcoming_likes: UpcomingLikesTable;
  meal_requests: MealRequestsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
}

/** Channel the projector notifies after each committed batch (payload: `<projection> <position>`). */
export const CHECKPOINT_CHANNEL = 'projection_checkpoints';
