import type { UploadAnswer } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { db } from './db';
import { refuse, signedIn } from './http';

/**
 * Uploads as transport: the image in the multipart field `file` is stored under `/api/uploads/photo-<n>`
 * (the service answers `/api/media/<uuid>`), which a meal may then use. What the service refuses (its
 * size, a file that is no image) is the service's to test; a web test wanting a refusal answers one.
 */
export const mediaHandlers = [
  http.post('/api/uploads', async ({ request }) => {
    signedIn(request);
    if (!((await request.formData()).get('file') instanceof File)) refuse(400, 'Please choose an image file');
    const url = `/api/uploads/photo-${db.images.size + 1}`;
    db.images.add(url);
    return HttpResponse.json({ url } satisfies UploadAnswer, { status: 201 });
  }),
];
