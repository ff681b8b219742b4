/** Environment variable through which jest's global setup hands the seeded template folder to tests. */
export const TEMPLATE_ENV = 'FLEET_SIM_TEST_TEMPLATE';
