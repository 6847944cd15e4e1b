'use client';

import { useState } from 'react';
import type { AdminBookableService, Resource } from '@comptoir/contract/admin-booking';
import { BookableServicesManager, type ServicePageOption } from './bookable-services-manager';
import { ResourcesManager } from './resources-manager';
import styles from './booking.module.css';

/**
 * The reservations' settings: the resources, then the services that need them. A resource added
 * or removed above is at once a choice (or no longer one) in the services' forms below.
 */
export function BookingSettings({
  siteId,
  resources: initialResources,
  services,
  servicePages,
}: {
  siteId: number;
  resources: Resource[];
  services: AdminBookableService[];
  servicePages: ServicePageOption[];
}) {
  const [resources, setResources] = useState(initialResources);
  return (
    <div className={styles.page}>
      <ResourcesManager siteId={siteId} initial={initialResources} onChange={setResources} />
      <BookableServicesManager
        siteId={siteId}
        initial={services}
        resources={resources}
        servicePages={servicePages}
      />
    </div>
  );
}
