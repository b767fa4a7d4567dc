import { zodResolver } from '@hookform/resolvers/zod';
import { AddReviewBody } from '@hostel/contracts';
import { z } from 'zod';

/** The review box's rule: the contract's own for the text (not blank, not too long). */
export const reviewResolver = zodResolver(z.object({ review: AddReviewBody.shape.review }));
