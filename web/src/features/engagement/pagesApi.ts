import type {
  CampaignEnterBody,
  CampaignEntered,
  ContactBody,
  ContactReceived,
  NewsList,
  OpenCampaignList,
  SerialCheckBody,
  SerialCheckReply,
  UnlockList,
} from '@talkwith/proto/engagement';
import { api } from '../../api/index.ts';

/**
 * The engagement pages' own calls (services/engagement/API.md): news, serial
 * codes, campaigns, contacts. Apart from engagementApi.ts, which the menu needs
 * on every page, so that they load with the pages' chunk.
 */
const pagesApi = api.enhanceEndpoints({ addTagTypes: ['SerialUnlocks', 'OpenCampaigns'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/news?page: public. */
    news: build.query<NewsList, number>({ query: (page) => ({ url: 'news', params: { page } }) }),
    checkSerial: build.mutation<SerialCheckReply, SerialCheckBody>({
      query: (body) => ({ url: 'serial/check', method: 'POST', body }),
      invalidatesTags: (_reply, error) => (error ? [] : ['SerialUnlocks', 'PlayableCharacter', 'Wallet']),
    }),
    serialUnlocks: build.query<UnlockList, void>({ query: () => 'serial/unlocks', providesTags: ['SerialUnlocks'] }),
    openCampaigns: build.query<OpenCampaignList, void>({ query: () => 'campaigns', providesTags: ['OpenCampaigns'] }),
    enterCampaign: build.mutation<CampaignEntered, CampaignEnterBody>({
      query: (body) => ({ url: 'campaigns/users/user/insert', method: 'POST', body }),
      // A refused entry (already entered, closed) also changes what the list should say.
      invalidatesTags: ['OpenCampaigns', 'Wallet'],
    }),
    /** POST /api/contacts: works logged out. */
    sendContact: build.mutation<ContactReceived, ContactBody>({
      query: (body) => ({ url: 'contacts', method: 'POST', body }),
    }),
  }),
});

export const {
  useNewsQuery,
  useCheckSerialMutation,
  useSerialUnlocksQuery,
  useOpenCampaignsQuery,
  useEnterCampaignMutation,
  useSendContactMutation,
} = pagesApi;
