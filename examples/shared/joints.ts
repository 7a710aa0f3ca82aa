/** Joint measurements several demos show: how far apart each joint's two anchors are. */
import type { Joint } from "../../src/entries/capsule2d.js";

/** The distance between a joint's anchor on body A and its anchor on body B, m (0 for a perfect joint). */
export function separation(joint: Joint): number {
  const a = joint.anchorA;
  const b = joint.anchorB;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * The largest separation among `joints`, m. Joints whose anchors are meant
 * to be apart (distance joints; prismatic and wheel joints, which slide;
 * motor joints, whose "anchors" are a target and a centre) are skipped.
 */
export function worstSeparation(joints: readonly Joint[]): number {
  let worst = 0;
  for (const j of joints) {
    const t = j.type;
    if (t !== "revolute" && t !== "weld") continue;
    const s = separation(j);
    if (s > worst) worst = s;
  }
  return worst;
}
