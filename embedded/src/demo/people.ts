/** Students besides the printed demo logins, so the catalogue has voices other than one. */
export const DEMO_STUDENTS = [
  { name: 'Priya Nair', email: 'priya@hostel.test', password: 'priya-demo-2025' },
  { name: 'Tom Becker', email: 'tom@hostel.test', password: 'tom-demo-2025' },
  { name: 'Lena Okafor', email: 'lena@hostel.test', password: 'lena-demo-2025' },
] as const;

const student = { email: 'student@hostel.test', name: 'Demo Student' };
const priya = { email: DEMO_STUDENTS[0].email, name: DEMO_STUDENTS[0].name };
const tom = { email: DEMO_STUDENTS[1].email, name: DEMO_STUDENTS[1].name };
const lena = { email: DEMO_STUDENTS[2].email, name: DEMO_STUDENTS[2].name };

/** Who said what about which meal, and whether they liked it too. */
export const DEMO_REVIEWS = [
  { ...student, meal: 'Chicken Biryani', review: 'Best biryani on campus. The rice was fragrant and the chicken fell off the bone.', liked: true },
  { ...priya, meal: 'Chicken Biryani', review: 'Generous portion, and the raita on the side was a nice touch.', liked: true },
  { ...tom, meal: 'Chicken Biryani', review: 'A little too spicy for me, but I still finished the plate.', liked: false },
  { ...student, meal: 'Buttermilk Pancakes', review: 'Fluffy and warm. More blueberries please!', liked: true },
  { ...lena, meal: 'Buttermilk Pancakes', review: 'Perfect Sunday breakfast.', liked: true },
  { ...priya, meal: 'Idli Sambar', review: 'Tastes like home. The sambar had just the right tang.', liked: true },
  { ...tom, meal: 'Full English Breakfast', review: 'Everything I need before a long lab day.', liked: true },
  { ...lena, meal: 'Butter Chicken', review: 'Rich, creamy and the naan was fresh out of the tandoor.', liked: true },
  { ...student, meal: 'Butter Chicken', review: 'Ordered it twice this week. No regrets.', liked: true },
  { ...tom, meal: 'Beef Steak Frites', review: 'Cooked exactly medium-rare as asked. Pricey but worth it.', liked: true },
  { ...priya, meal: 'Thai Green Curry', review: 'Fresh basil and a proper kick of green chilli.', liked: true },
  { ...lena, meal: 'Caesar Salad', review: 'Crunchy and light; the dressing could be a bit less salty.', liked: false },
  { ...student, meal: 'Tofu Ramen', review: 'Great broth. The tofu stayed crispy till the end.', liked: true },
  { ...priya, meal: 'Mushroom Risotto', review: 'Creamy without being heavy.', liked: false },
  { ...tom, meal: 'Margherita Pizza', review: 'Thin crust, good char, simple and right.', liked: true },
  { ...lena, meal: 'Aloo Paratha', review: 'Crispy outside, soft spiced potato inside. With the pickle it is perfect.', liked: true },
] as const;

/** Requests waiting in the demo admin's Serve Meals queue (and one already served). */
export const DEMO_REQUESTS = [
  { ...priya, meal: 'Chicken Biryani', served: false },
  { ...tom, meal: 'Full English Breakfast', served: true },
  { ...tom, meal: 'Beef Steak Frites', served: false },
  { ...lena, meal: 'Aloo Paratha', served: false },
] as const;
