/**
 * Chain: capsule links hinged end to end (revolute joints) hanging from a
 * fixed block, a heavy ball on the last link (see scene.ts). It starts
 * straight out to the side and swings down; drag the ball or a link.
 *
 * The heavier the ball against a link (the mass ratio), the harder it is
 * for a solver that treats joints one at a time: the readout shows the worst
 * joint separation and how much longer than its rest length the chain is
 * now (hinge to hinge along the chain, so folding it does not count), and
 * the largest of each since the start. The joints are the world's default
 * (rigid velocity rows, then position projection after the sub-steps):
 * more sub-steps hold them tighter.
 */
import type { World } from "../../src/entries/capsule2d.js";
import { runDemo } from "../shared/demo.js";
import { worstSeparation } from "../shared/joints.js";
import { addChain, chainLength, BALL_RADIUS, type Chain } from "./scene.js";

type Start = "sideways" | "hanging";

const params = new URLSearchParams(location.search);
let links = Number(params.get("links") ?? 20);
let massRatio = Number(params.get("ratio") ?? 10);
let start = (params.get("start") ?? "sideways") as Start;
let subSteps = Number(params.get("subSteps") ?? 4);
let showJoints = true;

const PIVOT = { x: 0, y: 8 };
let chain: Chain | null = null;
let maxSeparation = 0;
let maxStretch = 0;

const stretch = (c: Chain) => chainLength(c) / c.restLength - 1;

function build(world: World): void {
  chain = addChain(world, { pivot: PIVOT, links, massRatio, angle: start === "sideways" ? 0 : -Math.PI / 2 });
  maxSeparation = 0;
  maxStretch = 0;
}

runDemo({
  title: "Chain",
  description:
    "Capsule links on revolute joints with a heavy ball at the end. Choose the ball's mass against a link's and the sub-steps; drag the ball. The readout shows the worst joint separation and the chain's stretch.",
  view: { minX: -7.5, minY: -0.5, maxX: 7.5, maxY: 10.5 },
  worldOptions: () => ({ subSteps }),
  build,
  afterStep() {
    if (!chain) return;
    maxSeparation = Math.max(maxSeparation, worstSeparation(chain.joints));
    maxStretch = Math.max(maxStretch, stretch(chain));
  },
  controls(toolbar, demo) {
    toolbar.addSelect("mass ratio", ["1", "10", "30", "100"], String(massRatio), (v) => {
      massRatio = Number(v);
      demo.reset();
    });
    toolbar.addSlider("links", { min: 5, max: 40, step: 1, value: links }, (v) => {
      links = v;
      demo.reset();
    });
    toolbar.addSelect("sub-steps", ["2", "4", "8", "16"], String(subSteps), (v) => {
      subSteps = Number(v);
      demo.reset();
    });
    toolbar.addSelect<Start>("start", ["sideways", "hanging"], start, (v) => {
      start = v;
      demo.reset();
    });
    toolbar.addCheckbox("joints", showJoints, (v) => (showJoints = v));
  },
  drawOptions: () => ({ joints: showJoints }),
  testBody: () => chain?.ball,
  readout: () => {
    if (!chain) return "";
    const mm = (m: number) => (m * 1000).toFixed(1);
    const pct = (x: number) => (x * 100).toFixed(2);
    return (
      `worst joint separation ${mm(worstSeparation(chain.joints))} mm (max ${mm(maxSeparation)}) · ` +
      `length +${pct(stretch(chain))} % (max +${pct(maxStretch)} %)`
    );
  },
  info: (demo) => {
    const c = chain!;
    return {
      links,
      massRatio,
      subSteps: demo.world.options.subSteps,
      linkMass: c.links[0]!.mass,
      ballMass: c.ball.mass,
      restLength: c.restLength,
      length: chainLength(c),
      stretch: stretch(c),
      maxStretch,
      worstSeparation: worstSeparation(c.joints),
      maxSeparation,
      ballX: c.ball.position.x,
      ballY: c.ball.position.y,
      ballSleeping: c.ball.isSleeping,
      pivotToBall: Math.hypot(c.ball.position.x - PIVOT.x, c.ball.position.y - PIVOT.y),
      reach: c.restLength + BALL_RADIUS,
    };
  },
});
