import type { MealCategory } from '@hostel/contracts';

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

/** Thirty meals, ten per category, priced across every band of the price filter ($0-10, 10-20, 20-50). */
export const DEMO_MEALS: DemoMeal[] = [
  { title: 'Masala Omelette', category: 'Breakfast', price: 4.5, rating: 8.4, ingredients: ['eggs', 'onion', 'green chilli', 'tomato', 'coriander'], description: 'Fluffy three-egg omelette folded with onion, chilli and fresh coriander, served with buttered toast.', look: { kind: 'plate', base: '#f6c945', toppings: ['#c0392b', '#2e7d32', '#f39c12'], garnish: '#388e3c' } },
  { title: 'Buttermilk Pancakes', category: 'Breakfast', price: 6.25, rating: 9.1, ingredients: ['flour', 'buttermilk', 'eggs', 'maple syrup', 'blueberries'], description: 'A stack of three golden pancakes with maple syrup, blueberries and a knob of salted butter.', look: { kind: 'stack', base: '#e0a95b', toppings: ['#3f51b5', '#5c6bc0', '#283593'] } },
  { title: 'Poha with Peanuts', category: 'Breakfast', price: 3.0, rating: 7.8, ingredients: ['flattened rice', 'peanuts', 'turmeric', 'curry leaves', 'lemon'], description: 'Light flattened rice tempered with mustard seeds, turmeric and curry leaves, finished with lemon.', look: { kind: 'plate', base: '#f4d35e', toppings: ['#b5651d', '#2e7d32', '#d35400'], garnish: '#2e7d32' } },
  { title: 'Avocado Toast', category: 'Breakfast', price: 7.5, rating: 8.0, ingredients: ['sourdough', 'avocado', 'cherry tomatoes', 'feta', 'chilli flakes'], description: 'Toasted sourdough piled with smashed avocado, cherry tomatoes and crumbled feta.', look: { kind: 'flatbread', base: '#c98b4b', toppings: ['#7cb342', '#c62828', '#f5f5f5'], garnish: '#558b2f' } },
  { title: 'Overnight Oats', category: 'Breakfast', price: 3.75, rating: 7.2, ingredients: ['oats', 'milk', 'chia seeds', 'banana', 'honey'], description: 'Creamy oats soaked overnight with chia, topped with banana slices and a drizzle of honey.', look: { kind: 'bowl', base: '#efe3c8', toppings: ['#f7e07a', '#6d4c41', '#ad1457'] } },
  { title: 'Idli Sambar', category: 'Breakfast', price: 4.0, rating: 8.6, ingredients: ['rice', 'urad dal', 'lentils', 'tamarind', 'drumstick'], description: 'Four steamed rice cakes with a bowl of tangy lentil sambar and coconut chutney.', look: { kind: 'plate', base: '#fafafa', toppings: ['#e65100', '#f5f5dc', '#2e7d32'], garnish: '#2e7d32' } },
  { title: 'Full English Breakfast', category: 'Breakfast', price: 11.5, rating: 8.9, ingredients: ['eggs', 'sausages', 'bacon', 'baked beans', 'mushrooms', 'toast'], description: 'Fried eggs, sausages, bacon, beans, mushrooms and toast: the weekend plate, any day.', look: { kind: 'plate', base: '#f6c945', toppings: ['#8d3b1f', '#c0392b', '#e67e22', '#6d4c41'] } },
  { title: 'Greek Yogurt Parfait', category: 'Breakfast', price: 5.25, rating: 7.9, ingredients: ['greek yogurt', 'granola', 'strawberries', 'honey'], description: 'Thick yogurt layered with crunchy granola, strawberries and wildflower honey.', look: { kind: 'bowl', base: '#fbfbf7', toppings: ['#d32f2f', '#c48a3a', '#e53935'] } },
  { title: 'Aloo Paratha', category: 'Breakfast', price: 4.75, rating: 9.0, ingredients: ['wheat flour', 'potato', 'green chilli', 'butter', 'yogurt'], description: 'Griddled flatbread stuffed with spiced potato, served with butter, yogurt and pickle.', look: { kind: 'flatbread', base: '#d9a55b', toppings: ['#8d5524', '#f5f0e1', '#c0392b'] } },
  { title: 'Shakshuka', category: 'Breakfast', price: 8.0, rating: 8.7, ingredients: ['eggs', 'tomato', 'red pepper', 'cumin', 'parsley', 'bread'], description: 'Eggs poached in a rich pepper and tomato sauce with cumin, served in the pan with bread.', look: { kind: 'bowl', base: '#c0392b', toppings: ['#fdfdfd', '#f6c945', '#2e7d32'], garnish: '#2e7d32' } },

  { title: 'Chicken Biryani', category: 'Lunch', price: 12.5, rating: 9.3, ingredients: ['basmati rice', 'chicken', 'yogurt', 'saffron', 'fried onions', 'mint'], description: 'Fragrant basmati layered with yogurt-marinated chicken, saffron and fried onions, slow-cooked on dum.', look: { kind: 'plate', base: '#f3c969', toppings: ['#a0522d', '#8d3b1f', '#6d4c41'], garnish: '#2e7d32' } },
  { title: 'Rajma Chawal', category: 'Lunch', price: 7.0, rating: 8.5, ingredients: ['kidney beans', 'rice', 'tomato', 'onion', 'garam masala'], description: 'Kidney beans simmered in an onion-tomato gravy, served over steamed rice.', look: { kind: 'plate', base: '#fbf8ef', toppings: ['#7b1e1e', '#8e2b2b', '#a93226'], garnish: '#2e7d32' } },
  { title: 'Caesar Salad', category: 'Lunch', price: 9.5, rating: 7.6, ingredients: ['romaine lettuce', 'parmesan', 'croutons', 'chicken', 'caesar dressing'], description: 'Crisp romaine with grilled chicken, croutons, shaved parmesan and a creamy dressing.', look: { kind: 'bowl', base: '#8bc34a', toppings: ['#f5e6b3', '#d7a14a', '#fafafa'], garnish: '#558b2f' } },
  { title: 'Vegetable Fried Rice', category: 'Lunch', price: 6.5, rating: 7.7, ingredients: ['rice', 'carrot', 'peas', 'spring onion', 'soy sauce', 'egg'], description: 'Wok-tossed rice with carrot, peas, egg and spring onion in light soy.', look: { kind: 'plate', base: '#e9c46a', toppings: ['#e76f51', '#2a9d8f', '#f4f1de'], garnish: '#2e7d32' } },
  { title: 'Chole Bhature', category: 'Lunch', price: 8.25, rating: 8.8, ingredients: ['chickpeas', 'flour', 'onion', 'tomato', 'chole masala'], description: 'Spiced chickpea curry with two puffed, golden bhature and sliced onion.', look: { kind: 'bowl', base: '#b5651d', toppings: ['#d4a373', '#8d5524', '#faedcd'], garnish: '#2e7d32' } },
  { title: 'Grilled Chicken Wrap', category: 'Lunch', price: 8.75, rating: 7.9, ingredients: ['tortilla', 'chicken', 'lettuce', 'tomato', 'garlic sauce'], description: 'Charred tortilla wrapped around grilled chicken, crunchy salad and garlic sauce.', look: { kind: 'flatbread', base: '#e4c08a', toppings: ['#a0522d', '#7cb342', '#c0392b'] } },
  { title: 'Thai Green Curry', category: 'Lunch', price: 13.0, rating: 8.9, ingredients: ['coconut milk', 'green curry paste', 'chicken', 'bamboo shoots', 'thai basil', 'jasmine rice'], description: 'Coconut green curry with chicken, bamboo shoots and Thai basil, with jasmine rice.', look: { kind: 'bowl', base: '#9ccc65', toppings: ['#f1f8e9', '#c5e1a5', '#e53935'], garnish: '#33691e' } },
  { title: 'Margherita Pizza', category: 'Lunch', price: 10.5, rating: 8.2, ingredients: ['pizza dough', 'tomato sauce', 'mozzarella', 'basil', 'olive oil'], description: 'Thin, blistered crust with San Marzano tomato, mozzarella and fresh basil.', look: { kind: 'flatbread', base: '#d35400', toppings: ['#fdf6e3', '#fdf6e3', '#c0392b'], garnish: '#2e7d32' } },
  { title: 'Lentil Soup with Bread', category: 'Lunch', price: 5.5, rating: 7.4, ingredients: ['red lentils', 'carrot', 'cumin', 'lemon', 'bread'], description: 'Velvety red lentil soup with cumin and lemon, and a warm bread roll on the side.', look: { kind: 'bowl', base: '#e67e22', toppings: ['#f5cba7', '#d35400', '#fdebd0'], garnish: '#2e7d32' } },
  { title: 'Paneer Butter Masala Thali', category: 'Lunch', price: 15.0, rating: 9.2, ingredients: ['paneer', 'butter', 'tomato', 'cream', 'rice', 'roti', 'dal'], description: 'A full thali: paneer butter masala, dal, rice, two rotis, salad and a sweet.', look: { kind: 'plate', base: '#fbf8ef', toppings: ['#e67e22', '#f5deb3', '#f1c40f', '#c0392b'] } },

  { title: 'Butter Chicken', category: 'Dinner', price: 14.5, rating: 9.4, ingredients: ['chicken', 'butter', 'tomato', 'cream', 'kasuri methi', 'naan'], description: 'Tandoor-charred chicken in a silky tomato, butter and cream sauce, with garlic naan.', look: { kind: 'bowl', base: '#e67e22', toppings: ['#a04000', '#fdebd0', '#ba4a00'], garnish: '#2e7d32' } },
  { title: 'Spaghetti Bolognese', category: 'Dinner', price: 11.0, rating: 8.1, ingredients: ['spaghetti', 'beef mince', 'tomato', 'carrot', 'parmesan'], description: 'Slow-simmered beef and tomato ragù over spaghetti, finished with parmesan.', look: { kind: 'plate', base: '#f2d38a', toppings: ['#8e2b1e', '#a93226', '#f7f1e1'], garnish: '#2e7d32' } },
  { title: 'Grilled Salmon', category: 'Dinner', price: 24.0, rating: 9.0, ingredients: ['salmon', 'lemon', 'asparagus', 'new potatoes', 'dill butter'], description: 'Crisp-skinned salmon fillet with asparagus, new potatoes and lemon-dill butter.', look: { kind: 'plate', base: '#fbf8ef', toppings: ['#f08a5d', '#6a994e', '#f2cc8f'], garnish: '#6a994e' } },
  { title: 'Dal Makhani with Jeera Rice', category: 'Dinner', price: 8.5, rating: 8.8, ingredients: ['black lentils', 'kidney beans', 'butter', 'cream', 'cumin rice'], description: 'Black lentils slow-cooked overnight with butter and cream, served with cumin rice.', look: { kind: 'bowl', base: '#5d2e1a', toppings: ['#fdf2e9', '#7b3f1d', '#f5e6cc'], garnish: '#2e7d32' } },
  { title: 'Beef Steak Frites', category: 'Dinner', price: 32.0, rating: 9.1, ingredients: ['sirloin steak', 'potatoes', 'peppercorn sauce', 'watercress'], description: 'Char-grilled sirloin with skinny fries, watercress and a peppercorn sauce.', look: { kind: 'plate', base: '#f6e7b4', toppings: ['#6e2c00', '#f4d03f', '#4a1a0a'], garnish: '#1e8449' } },
  { title: 'Vegetable Lasagne', category: 'Dinner', price: 12.0, rating: 7.8, ingredients: ['pasta sheets', 'courgette', 'spinach', 'ricotta', 'tomato', 'mozzarella'], description: 'Layers of pasta, roasted courgette, spinach and ricotta, baked golden.', look: { kind: 'stack', base: '#e8b04a', toppings: ['#c0392b', '#2e7d32', '#fdf6e3'] } },
  { title: 'Prawn Malabar Curry', category: 'Dinner', price: 21.5, rating: 9.0, ingredients: ['prawns', 'coconut milk', 'kokum', 'curry leaves', 'appam'], description: 'Prawns in a coconut and kokum curry from the Malabar coast, with soft appams.', look: { kind: 'bowl', base: '#f39c12', toppings: ['#f1948a', '#fad7a0', '#ec7063'], garnish: '#1e8449' } },
  { title: 'Mushroom Risotto', category: 'Dinner', price: 16.0, rating: 8.3, ingredients: ['arborio rice', 'mushrooms', 'parmesan', 'white wine', 'thyme'], description: 'Creamy arborio rice with wild mushrooms, thyme and aged parmesan.', look: { kind: 'plate', base: '#efe0c0', toppings: ['#8d6e63', '#6d4c41', '#a1887f'], garnish: '#558b2f' } },
  { title: 'Lamb Rogan Josh', category: 'Dinner', price: 27.5, rating: 9.2, ingredients: ['lamb', 'kashmiri chilli', 'yogurt', 'fennel', 'basmati rice'], description: 'Kashmiri lamb braised with chilli, fennel and yogurt until tender, with basmati rice.', look: { kind: 'bowl', base: '#a93226', toppings: ['#6e2c00', '#fdfefe', '#78281f'], garnish: '#1e8449' } },
  { title: 'Tofu Ramen', category: 'Dinner', price: 13.5, rating: 8.0, ingredients: ['ramen noodles', 'miso broth', 'tofu', 'pak choi', 'spring onion', 'sesame'], description: 'Miso broth with springy noodles, crispy tofu, pak choi and spring onion.', look: { kind: 'bowl', base: '#d4a55a', toppings: ['#fdf2d0', '#58d68d', '#f5b041'], garnish: '#229954' } },
];

/** On the vote: what members may like into the catalogue. */
export const DEMO_UPCOMING_MEALS: Omit<DemoMeal, 'rating'>[] = [
  { title: 'Hyderabadi Mutton Biryani', category: 'Lunch', price: 16, ingredients: ['mutton', 'basmati rice', 'saffron', 'mint', 'fried onions'], description: 'Slow-cooked dum biryani with tender mutton; on the menu if ten members want it.', look: { kind: 'plate', base: '#f3c969', toppings: ['#6e2c00', '#a0522d', '#f5f5dc'], garnish: '#2e7d32' } },
  { title: 'Masala Dosa', category: 'Breakfast', price: 4.5, ingredients: ['rice batter', 'urad dal', 'potato masala', 'coconut chutney', 'sambar'], description: 'Crisp fermented crêpe folded around spiced potato, with chutney and sambar.', look: { kind: 'flatbread', base: '#e0a95b', toppings: ['#f4d03f', '#fdfefe', '#e67e22'] } },
  { title: 'Korean Bibimbap', category: 'Dinner', price: 13.5, ingredients: ['rice', 'beef', 'spinach', 'carrot', 'egg', 'gochujang'], description: 'A rice bowl with seasoned vegetables, beef, a fried egg and gochujang.', look: { kind: 'bowl', base: '#fbf8ef', toppings: ['#e67e22', '#27ae60', '#c0392b', '#f4d03f'] } },
  { title: 'Mango Lassi Smoothie Bowl', category: 'Breakfast', price: 5.5, ingredients: ['mango', 'yogurt', 'cardamom', 'granola', 'pistachio'], description: 'Thick mango and yogurt with cardamom, topped with granola and pistachios.', look: { kind: 'bowl', base: '#f5b041', toppings: ['#7dcea0', '#c48a3a', '#fdebd0'] } },
];
