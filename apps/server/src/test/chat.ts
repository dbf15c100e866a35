import type { ChatSession } from '@homestretch/contract/chat/chat-session';
import {
  type TestApp,
  call,
  type clinicWithStaff,
  createPatient,
  createUser,
  json,
  sessionCookie,
} from './harness';

/**
 * A patient with the app, treated by the clinic's therapist, and their conversation as the
 * therapist opens it (POST /chat/session); the patient's cookie signs their sockets and calls in.
 */
export async function patientConversation(
  app: TestApp,
  clinic: Awaited<ReturnType<typeof clinicWithStaff>>,
) {
  const user = await createUser(app.db, { clinicId: clinic.clinic.id, role: 'patient' });
  const patient = await createPatient(app.db, { clinicId: clinic.clinic.id, userId: user.id }, [
    clinic.staff.therapist.user.id,
  ]);
  const session = json<ChatSession>(
    await call(app, {
      method: 'POST',
      url: '/chat/session',
      cookie: clinic.staff.therapist.cookie,
      payload: { patient: patient.id },
    }),
  );
  return { user, patient, session, cookie: await sessionCookie(app, user.id) };
}
