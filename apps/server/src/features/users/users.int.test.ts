import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinics, users } from '../../db/schema';
import { call, clinicWithStaff, createUser, testAppForFile } from '../../test/harness';

const t = testAppForFile();

describe('current user and settings', () => {
  it('answers every User field of spec §3 for each role', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    for (const { user, cookie } of Object.values(staff)) {
      const response = await call(t, { method: 'GET', url: '/api/v1/users/', cookie });
      expect(response.statusCode).toBe(200);
      const [me] = response.json().results;
      expect(Object.keys(me).sort()).toEqual(
        [
          'approval_status',
          'clinic_name',
          'clinic_time_zone',
          'code',
          'email',
          'first_name',
          'id',
          'is_feature_notification_on',
          'is_full_service',
          'is_new_billing_uploaded',
          'last_login',
          'last_name',
          'role',
        ].sort(),
      );
      expect(me).toMatchObject({
        id: user.id,
        role: user.role,
        code: clinic.code,
        clinic_time_zone: clinic.timeZone,
        approval_status: 'approved',
      });
    }
  });

  it("gives the clinic's support user and initial note", async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    await t.db
      .update(clinics)
      .set({ supportUserId: staff.admin.user.id, initialNote: 'Welcome! Ask us anything.' })
      .where(eq(clinics.id, clinic.id));
    const response = await call(t, {
      method: 'GET',
      url: '/user/settings-info',
      cookie: staff.therapist.cookie,
    });
    expect(response.json()).toEqual({
      support_user_id: staff.admin.user.id,
      initial_note: 'Welcome! Ask us anything.',
    });
  });

  it('turns notification flags off for the caller only', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const colleague = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const response = await call(t, {
      method: 'PATCH',
      url: '/user/therapist/cancel-feature-notification',
      cookie: staff.therapist.cookie,
    });
    expect(response.json().is_feature_notification_on).toBe(false);
    const [untouched] = await t.db.select().from(users).where(eq(users.id, colleague.id));
    expect(untouched?.isFeatureNotificationOn).toBe(true);
    expect(
      (await call(t, { method: 'PATCH', url: '/user/therapist/cancel-billing-notification' }))
        .statusCode,
    ).toBe(401);
  });

  it('clears the new-billing-file badge for the caller only, and says so in the answer', async () => {
    const { staff } = await clinicWithStaff(t);
    const { manager, admin } = staff;
    await t.db
      .update(users)
      .set({ isNewBillingUploaded: true })
      .where(inArray(users.id, [manager.user.id, admin.user.id]));
    const response = await call(t, {
      method: 'PATCH',
      url: '/user/therapist/cancel-billing-notification',
      cookie: manager.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: manager.user.id, is_new_billing_uploaded: false });
    const me = await call(t, { method: 'GET', url: '/api/v1/users/', cookie: manager.cookie });
    expect(me.json().results[0].is_new_billing_uploaded).toBe(false);
    const [other] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(other?.isNewBillingUploaded).toBe(true);
  });
});
