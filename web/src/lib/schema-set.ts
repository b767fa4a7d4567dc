/** What `loadSchemas` answers: only imported dynamically (see schemas.ts). */
export { AuthAnswer, CommandAnswer, ErrorAnswer, MealDto, UserDto } from '@hostel/contracts';
