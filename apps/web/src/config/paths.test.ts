import { isValidElement, type ExoticComponent, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../app/router';
import { documentTitle, homePathFor, isRouteHandle, paths } from './paths';

function collect(
  routes: RouteObject[],
  into: Map<string, string> = new Map(),
): Map<string, string> {
  for (const route of routes) {
    if (route.path && isRouteHandle(route.handle)) {
      into.set(route.path, route.handle.screen);
    }
    if (route.children) {
      collect(route.children, into);
    }
  }
  return into;
}

describe('routes (spec §2)', () => {
  it('declares every protected route with its screen name, and every public route', () => {
    expect(Object.fromEntries(collect(appRoutes))).toEqual({
      '/patients': 'patient_list',
      '/patient/:id/dashboard': 'patient_dashboard',
      '/therapist-list': 'therapist_list',
      '/dashboard': 'therapist_dashboard',
      '/balances': 'balances_dashboard',
      '/exercise-library': 'exercise_library',
      '/exercise-upload': 'exercise_upload',
      '/exercise-edit/:id': 'exercise_edit',
      '/program-templates': 'program_templates',
      '/referral': 'referral_program',
      '/chat': 'chat_sessions',
      '/chat/:id/messages': 'chat_messages',
      '/approvals': 'supervisor_approvals',
      '/approvals/:id': 'supervisor_approval_request',
      '/patient/:id/program/print': 'hep_print',
      '/profile': 'supervisor_profile',
      '/clinic-admin': 'clinic_admin',
      '/supervisor-login': 'supervisor_login',
      '/patient/signup': 'patient_signup',
      '/therapist-signup': 'therapist_signup',
      '/login': 'login',
      '/find-password': 'find_password',
      '/reset-password': 'reset_password',
      '*': 'not_found',
    });
  });

  it('loads every screen lazily', () => {
    const screens: RouteObject[] = [];
    const walk = (routes: RouteObject[]) =>
      routes.forEach((route) => {
        if (isRouteHandle(route.handle)) {
          screens.push(route);
        }
        walk(route.children ?? []);
      });
    walk(appRoutes);
    expect(screens).toHaveLength(24);
    const lazyType = Symbol.for('react.lazy');
    for (const route of screens) {
      expect(isValidElement(route.element)).toBe(true);
      const { type } = route.element as ReactElement<unknown, ExoticComponent>;
      expect(type.$$typeof).toBe(lazyType);
    }
  });
});

describe('href builders', () => {
  it('fill and encode path parameters', () => {
    expect(paths.patientDashboard(12)).toBe('/patient/12/dashboard');
    expect(paths.exerciseEdit('a/b')).toBe('/exercise-edit/a%2Fb');
    expect(paths.chatMessages(4)).toBe('/chat/4/messages');
    expect(paths.approvalRequest(31)).toBe('/approvals/31');
    expect(paths.programPrint(12)).toBe('/patient/12/program/print');
    expect(paths.patientSignup('DEMO 1')).toBe('/patient/signup?code=DEMO%201');
    expect(paths.patientSignup()).toBe('/patient/signup');
  });

  it('send supervisors to their approvals (spec §6) and everyone else to the patient list', () => {
    expect(homePathFor('supervisor')).toBe('/approvals');
    expect(homePathFor('therapist')).toBe('/patients');
    expect(homePathFor('manager')).toBe('/patients');
    expect(homePathFor('remote_therapist')).toBe('/patients');
  });

  it('title pages as "Screen · Homestretch"', () => {
    expect(documentTitle('patient_list')).toBe('Patients · Homestretch');
  });
});
