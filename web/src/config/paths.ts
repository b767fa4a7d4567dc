/** Every route of SPEC section 2, spelled as the spec spells it. */
export const paths = {
  home: '/',
  allMeals: '/AllMeals',
  upcomingMeals: '/UpcomingMeals',
  checkout: (packageName: string) => `/checkout/${encodeURIComponent(packageName)}`,
  meal: (id: string) => `/meal/${encodeURIComponent(id)}`,
  signIn: '/SignUp',
  register: '/register',
  dashboard: {
    root: '/dashboard',
    userProfile: '/dashboard/userProfile',
    requestedMeals: '/dashboard/requestedMeals',
    myReviews: '/dashboard/myReviews',
    paymentHistory: '/dashboard/paymentHistory',
    adminProfile: '/dashboard/adminProfile',
    manageUsers: '/dashboard/manageUsers',
    addMeal: '/dashboard/addMeal',
    adminAllMeals: '/dashboard/adminAllMeals',
    allReviews: '/dashboard/AllReviews',
    serveMeals: '/dashboard/serveMeals',
    upcomingMealsAdmin: '/dashboard/upcomingMealsAdmin',
  },
} as const;

export const PRODUCT_NAME = 'Hostel Meals';
