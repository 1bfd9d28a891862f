import { track } from '../../analytics/utils/track.util.ts';

/** start-trial clicked in the navigation bar (spec 01 §1: `start_trial` with its source, and `nav_trial(_mobile)`). */
export function trackStartTrial(placement: 'desktop' | 'mobile'): void {
  track('start_trial', { source: placement === 'mobile' ? 'navigation_mobile' : 'navigation_desktop' });
  track(placement === 'mobile' ? 'nav_trial_mobile' : 'nav_trial');
}

/** Where a demo / booking request started on the public site. */
export type DemoRequestSource = 'hero-watch-demo' | 'cta-get-started' | 'cta-schedule-demo' | 'trial-modal-desktop' | 'trial-modal-mobile';

/** A button that opens the booking dialog was clicked (Watch Demo, Get Started, Schedule Demo, Book a demo instead). */
export function trackDemoRequest(source: DemoRequestSource): void {
  track('demo_request', { source });
}
