/** Every route of SPEC section 2, spelled as the spec spells it. */
export const paths = {
  home: '/',
  allMeals: '/AllMeals',
  upcomingMeals: '/UpcomingMeals',
  checkout: (packageName: string) => `/checkout/${encodeURIComponent(packageName)}`,
  meal: (id: string) => `/meal/${encodeURIComponent(id)}`,
  signIn: '/SignUp',
  register: '/register',
  /** Where the mailed links point: the server builds them as `<origin>/verify-email?token=…` and `/reset-password?token=…`. */
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  /** The kitchen display: Serve Meals' queue full screen, for a tablet in landscape (admins). */
  kitchen: '/kitchen',
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
    /** The audit trail (admins and auditors): search, then an entity's or a request's history, payment trails, integrity, the live tail. */
    audit: '/dashboard/audit',
    auditLive: '/dashboard/audit/live',
    auditPayments: '/dashboard/audit/payments',
    auditIntegrity: '/dashboard/audit/integrity',
    auditEntity: (entity: string, id: string) => `/dashboard/audit/${encodeURIComponent(entity)}/${encodeURIComponent(id)}`,
    auditCorrelation: (id: string) => `/dashboard/audit/correlations/${encodeURIComponent(id)}`,
  },
} as const;

export const PRODUCT_NAME = 'Hostel Meals';
