import { type Source } from '@homestretch/contract/library/catalogue-entry';

/**
 * The published guidance the catalogue's exercises and doses follow (issue 32). Cited, never
 * quoted: every instruction in the catalogue is our own writing. An entry names these by key.
 */
export const SOURCES = {
  'aaos-knee': {
    title: 'Knee Conditioning Program',
    organisation: 'American Academy of Orthopaedic Surgeons (OrthoInfo)',
    year: 2022,
    url: 'https://orthoinfo.aaos.org/en/recovery/knee-conditioning-program/',
  },
  'aaos-hip': {
    title: 'Hip Conditioning Program',
    organisation: 'American Academy of Orthopaedic Surgeons (OrthoInfo)',
    year: 2022,
    url: 'https://orthoinfo.aaos.org/en/recovery/hip-conditioning-program/',
  },
  'aaos-shoulder': {
    title: 'Rotator Cuff and Shoulder Conditioning Program',
    organisation: 'American Academy of Orthopaedic Surgeons (OrthoInfo)',
    year: 2022,
    url: 'https://orthoinfo.aaos.org/en/recovery/rotator-cuff-and-shoulder-conditioning-program/',
  },
  'aaos-foot-ankle': {
    title: 'Foot and Ankle Conditioning Program',
    organisation: 'American Academy of Orthopaedic Surgeons (OrthoInfo)',
    year: 2022,
    url: 'https://orthoinfo.aaos.org/en/recovery/foot-and-ankle-conditioning-program/',
  },
  'aaos-spine': {
    title: 'Spine Conditioning Program',
    organisation: 'American Academy of Orthopaedic Surgeons (OrthoInfo)',
    year: 2022,
    url: 'https://orthoinfo.aaos.org/en/recovery/spine-conditioning-program/',
  },
  'aaos-tkr': {
    title: 'Total Knee Replacement Exercise Guide',
    organisation: 'American Academy of Orthopaedic Surgeons (OrthoInfo)',
    year: 2022,
    url: 'https://orthoinfo.aaos.org/en/recovery/total-knee-replacement-exercise-guide/',
  },
  'aaos-thr': {
    title: 'Total Hip Replacement Exercise Guide',
    organisation: 'American Academy of Orthopaedic Surgeons (OrthoInfo)',
    year: 2022,
    url: 'https://orthoinfo.aaos.org/en/recovery/total-hip-replacement-exercise-guide/',
  },
  'acr-oa-2019': {
    title:
      '2019 American College of Rheumatology/Arthritis Foundation Guideline for the Management of Osteoarthritis of the Hand, Hip, and Knee',
    organisation: 'American College of Rheumatology / Arthritis Foundation (Kolasinski et al.)',
    year: 2020,
    url: 'https://doi.org/10.1002/acr.24131',
  },
  'jospt-hip-oa': {
    title: 'Hip Pain and Mobility Deficits — Hip Osteoarthritis: Revision 2017',
    organisation: 'APTA Orthopaedics, JOSPT clinical practice guideline (Cibulka et al.)',
    year: 2017,
    url: 'https://doi.org/10.2519/jospt.2017.0301',
  },
  'jospt-pfp': {
    title: 'Patellofemoral Pain: Clinical Practice Guidelines',
    organisation: 'APTA Orthopaedics, JOSPT clinical practice guideline (Willy et al.)',
    year: 2019,
    url: 'https://doi.org/10.2519/jospt.2019.0302',
  },
  'jospt-knee-ligament': {
    title:
      'Knee Stability and Movement Coordination Impairments: Knee Ligament Sprain Revision 2017',
    organisation: 'APTA Orthopaedics, JOSPT clinical practice guideline (Logerstedt et al.)',
    year: 2017,
    url: 'https://doi.org/10.2519/jospt.2017.0303',
  },
  'jospt-low-back': {
    title: 'Interventions for the Management of Acute and Chronic Low Back Pain: Revision 2021',
    organisation: 'APTA Orthopaedics, JOSPT clinical practice guideline (George et al.)',
    year: 2021,
    url: 'https://doi.org/10.2519/jospt.2021.0304',
  },
  'jospt-neck': {
    title: 'Neck Pain: Revision 2017',
    organisation: 'APTA Orthopaedics, JOSPT clinical practice guideline (Blanpied et al.)',
    year: 2017,
    url: 'https://doi.org/10.2519/jospt.2017.0302',
  },
  'jospt-ankle-sprain': {
    title:
      'Ankle Stability and Movement Coordination Impairments: Lateral Ankle Ligament Sprains Revision 2021',
    organisation: 'APTA Orthopaedics, JOSPT clinical practice guideline (Martin et al.)',
    year: 2021,
    url: 'https://doi.org/10.2519/jospt.2021.0302',
  },
  'jospt-heel-pain': {
    title: 'Heel Pain — Plantar Fasciitis: Revision 2023',
    organisation: 'APTA Orthopaedics, JOSPT clinical practice guideline (Koc et al.)',
    year: 2023,
    url: 'https://doi.org/10.2519/jospt.2023.0303',
  },
  'jospt-adhesive-capsulitis': {
    title: 'Shoulder Pain and Mobility Deficits: Adhesive Capsulitis',
    organisation: 'APTA Orthopaedics, JOSPT clinical practice guideline (Kelley et al.)',
    year: 2013,
    url: 'https://doi.org/10.2519/jospt.2013.0302',
  },
  'asset-rotator-cuff': {
    title:
      "American Society of Shoulder and Elbow Therapists' consensus statement on rehabilitation following arthroscopic rotator cuff repair",
    organisation: 'American Society of Shoulder and Elbow Therapists (Thigpen et al.)',
    year: 2016,
    url: 'https://doi.org/10.1016/j.jse.2015.12.018',
  },
  'acsm-2011': {
    title:
      'Quantity and Quality of Exercise for Developing and Maintaining Cardiorespiratory, Musculoskeletal, and Neuromotor Fitness in Apparently Healthy Adults',
    organisation: 'American College of Sports Medicine position stand (Garber et al.)',
    year: 2011,
    url: 'https://doi.org/10.1249/MSS.0b013e318213fefb',
  },
  otago: {
    title:
      'Randomised controlled trial of a general practice programme of home based exercise to prevent falls in elderly women (the Otago Exercise Programme)',
    organisation: 'University of Otago (Campbell et al., BMJ)',
    year: 1997,
    url: 'https://doi.org/10.1136/bmj.315.7115.1065',
  },
  'who-activity-2020': {
    title: 'WHO guidelines on physical activity and sedentary behaviour',
    organisation: 'World Health Organization',
    year: 2020,
    url: 'https://www.who.int/publications/i/item/9789240015128',
  },
  // Spine and upper body
  'subacromial-pain-2014': {
    title:
      'Guideline for diagnosis and treatment of subacromial pain syndrome: a multidisciplinary review by the Dutch Orthopaedic Association',
    organisation: 'Dutch Orthopaedic Association, Acta Orthopaedica (Diercks et al.)',
    year: 2014,
    url: 'https://doi.org/10.3109/17453674.2014.920991',
  },
} as const satisfies Record<string, Source>;

export type SourceKey = keyof typeof SOURCES;
