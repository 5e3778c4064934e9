/**
 * The statistics pages' shared texts (locales/stat/*.json: filter bar, metrics, platforms, states;
 * locales/stat-admin/*.json: the settings, loaded with the settings button) pass the area catalogue checks.
 */
import {
  describeAreaCatalogue,
  sourcesIn,
  usedKeys,
} from "./support/area-catalogue";
import { STAT_ADMIN_MESSAGES } from "@/components/stat/admin-i18n";
import { STAT_MESSAGES } from "@/components/stat/i18n";
import { STAT_PLATFORMS } from "../../shared/stat";

const area = {
  name: "stat catalogues",
  prefix: "stat",
  messages: Object.fromEntries(
    Object.entries(STAT_MESSAGES).map(([l, m]) => [
      l,
      { ...m, ...STAT_ADMIN_MESSAGES[l] },
    ]),
  ),
  sources: sourcesIn("src/components/stat", "src/pages/uni-stat"),
  /** platform names are built from the reported platform, the quick ranges and the settings' number fields from their keys */
  built: () => [
    ...STAT_PLATFORMS.map((p) => `stat.platform.${p}`),
    ...["today", "yesterday", "last7", "last30", "last90"].map(
      (r) => `stat.filter.${r}`,
    ),
    ...["reportInterval", "retention", "rateLimit"].flatMap((k) => [
      `stat.settings.${k}`,
      `stat.settings.${k}Hint`,
    ]),
  ],
  atLeast: 20,
};

describeAreaCatalogue(area, () => {
  test("the scan reads the filter bar", () => {
    expect(usedKeys(area).has("stat.filter.allPlatforms")).toBe(true);
  });
});
