// Generated from Foundation's NumberFormatter by Tests/WalletTests/MoneyLocaleTableTests.swift; do not edit.
// 1034 locales, 45 notations. Regenerate with:
// WALLET_WRITE_MONEY_LOCALE_TABLE=1 swift test --filter MoneyLocaleTableTests
extension MoneyLocaleTable {
    /// Notations separated by ";", each: decimal|grouping|group size|symbol b(efore) or a(fter)|gap|minus|minus before symbol.
    static let notations = """
        ,|\u{A0}|3|b| |-|1;\
        ,|\u{A0}|3|a| |-|1;\
        .|,|3|b|\u{A0}|-|1;\
        .|,|3|b| |-|1;\
        .|,|3|a|\u{A0}|\u{200E}-|1;\
        \u{66B}|\u{66C}|3|a|\u{A0}|\u{61C}-|1;\
        ,|.|3|a|\u{A0}|\u{200E}-|1;\
        .|,|3|a|\u{A0}|-|1;\
        ,|.|3|a|\u{A0}|-|1;\
        ,|\u{A0}|3|a|\u{A0}|-|1;\
        .|,|3|a| |-|1;\
        ,|\u{A0}|3|b|\u{A0}|-|0;\
        \u{66B}|\u{66C}|3|a|\u{A0}|\u{200F}-|1;\
        ,|.|3|b|\u{A0}|-|1;\
        .|\u{2019}|3|b|\u{A0}|-|0;\
        .|\u{2019}|3|b|\u{A0}|-|1;\
        .|\u{A0}|3|a| |-|1;\
        ,|.|3|b|\u{A0}|-|0;\
        .|'|3|b|\u{A0}|-|0;\
        ,|.|3|b| |-|0;\
        $|\u{A0}|3|b|\u{A0}|-|1;\
        ,|.|3|b| |-|1;\
        ,|\u{A0}|3|b|\u{A0}|-|1;\
        ,|\u{202F}|3|a|\u{A0}|-|1;\
        ,|\u{A0}|3|a|\u{A0}|\u{2212}|1;\
        ,|.|3|a|\u{A0}|\u{2212}|1;\
        \u{66B}|\u{66C}|3|b| |\u{200E}\u{2212}|1;\
        \u{66B}|\u{66C}|3|b|\u{A0}|\u{200E}\u{2212}|1;\
        .|\u{2E41}|3|b|\u{A0}|-|1;\
        ,|\u{202F}|3|b|\u{A0}|-|0;\
        .|\u{12C8}|3|b|\u{A0}|-|1;\
        .|\u{2019}|3|a|\u{A0}|\u{2212}|1;\
        $|\u{A0}|3|a|\u{A0}|-|1;\
        \u{66B}|\u{66C}|3|b| |\u{200E}-\u{200E}|1;\
        ,|\u{2019}|3|b|\u{A0}|-|1;\
        \u{66B}|\u{66C}|3|b|\u{A0}|\u{200E}-\u{200E}|1;\
        ,|.|3|a| |-|1;\
        .|,|3|b| |-|0;\
        .|\u{A0}|3|b|\u{A0}|-|1;\
        .|\u{60C}|3|b|\u{A0}|-|1;\
        .|\u{66C}|3|a|\u{A0}|\u{61C}-|1;\
        .|\u{2019}|3|b| |-|1;\
        .|,|3|b| |\u{200E}-|1;\
        ,|\u{202F}|3|a|\u{202F}|-|1;\
        .|\u{A0}|3|b| |-|1
        """
    /// Identifier=index of its notation, separated by spaces.
    static let locales = """
        af=0 af_NA=0 af_ZA=0 agq=1 agq_CM=1 ain=2 ain_JP=2 ak=3 ak_GH=3 am=3 \
        am_ET=3 apw=3 apw_US=3 ar=4 ar_001=4 ar_AE=4 ar_BH=5 ar_DJ=5 ar_DZ=6 ar_EG=5 \
        ar_EH=4 ar_ER=5 ar_IL=5 ar_IQ=5 ar_JO=5 ar_KM=5 ar_KW=5 ar_LB=5 ar_LY=6 ar_MA=6 \
        ar_MR=5 ar_OM=5 ar_PS=5 ar_QA=5 ar_SA=5 ar_SD=5 ar_SO=5 ar_SS=5 ar_SY=5 ar_TD=5 \
        ar_TN=6 ar_YE=5 arn=2 arn_CL=2 as=2 as_IN=2 asa=7 asa_TZ=7 ast=8 ast_ES=8 \
        az=8 az_Cyrl=8 az_Cyrl_AZ=8 az_Latn=8 az_Latn_AZ=8 ba=2 ba_RU=2 bas=9 bas_CM=9 be=9 \
        be_BY=9 bem=3 bem_ZM=3 ber=2 ber_Latn=2 ber_Latn_MA=2 ber_Tfng=2 ber_Tfng_MA=2 bez=10 bez_TZ=10 \
        bg=9 bg_BG=9 bgc=2 bgc_IN=2 bho=3 bho_IN=3 blo=11 blo_BJ=11 bm=3 bm_ML=3 \
        bn=10 bn_BD=10 bn_IN=3 bo=2 bo_CN=2 bo_IN=2 br=9 br_FR=9 brx=2 brx_IN=2 \
        bs=8 bs_Cyrl=8 bs_Cyrl_BA=8 bs_Latn=8 bs_Latn_BA=8 byn=3 byn_ER=3 ca=8 ca_AD=8 ca_ES=8 \
        ca_FR=8 ca_IT=8 ccp=10 ccp_BD=10 ccp_IN=10 ce=7 ce_RU=7 ceb=3 ceb_PH=3 cgg=3 \
        cgg_UG=3 cho=2 cho_US=2 chr=3 chr_US=3 cic=2 cic_US=2 ckb=12 ckb_IQ=12 ckb_IR=12 \
        co=2 co_FR=2 cs=9 cs_CZ=9 csw=2 csw_CA=2 cv=9 cv_RU=9 cy=3 cy_GB=3 \
        da=8 da_DK=8 da_GL=8 dav=3 dav_KE=3 de=8 de_AT=13 de_BE=8 de_CH=14 de_DE=8 \
        de_IT=8 de_LI=15 de_LU=8 dje=16 dje_NE=16 doi=3 doi_IN=3 dsb=8 dsb_DE=8 dua=9 \
        dua_CM=9 dv=2 dv_MV=2 dyo=9 dyo_SN=9 dz=3 dz_BT=3 ebu=3 ebu_KE=3 ee=3 \
        ee_GH=3 ee_TG=3 el=8 el_CY=8 el_GR=8 en=3 en_001=3 en_150=7 en_AE=3 en_AG=3 \
        en_AI=3 en_AL=9 en_AR=13 en_AS=3 en_AT=17 en_AU=3 en_BB=3 en_BD=10 en_BE=17 en_BG=9 \
        en_BI=3 en_BM=3 en_BN=3 en_BR=13 en_BS=3 en_BW=3 en_BZ=3 en_CA=3 en_CC=3 en_CH=18 \
        en_CK=3 en_CL=19 en_CM=3 en_CN=3 en_CO=13 en_CV=20 en_CX=3 en_CY=3 en_CZ=9 en_DE=8 \
        en_DG=3 en_DK=8 en_DM=3 en_EE=0 en_ER=3 en_FI=9 en_FJ=3 en_FK=3 en_FM=3 en_FR=0 \
        en_GB=3 en_GD=3 en_GG=3 en_GH=3 en_GI=3 en_GM=3 en_GR=8 en_GU=3 en_GY=3 en_HK=3 \
        en_HU=9 en_ID=21 en_IE=3 en_IL=3 en_IM=3 en_IN=3 en_IO=3 en_JE=3 en_JM=3 en_JP=3 \
        en_KE=3 en_KI=3 en_KN=3 en_KR=3 en_KY=3 en_LC=3 en_LR=3 en_LS=3 en_LT=0 en_LV=0 \
        en_MG=3 en_MH=3 en_MM=7 en_MO=3 en_MP=3 en_MS=3 en_MT=3 en_MU=3 en_MV=2 en_MW=3 \
        en_MX=3 en_MY=3 en_NA=3 en_NF=3 en_NG=3 en_NL=17 en_NO=22 en_NR=3 en_NU=3 en_NZ=3 \
        en_PG=3 en_PH=3 en_PK=3 en_PL=9 en_PN=3 en_PR=3 en_PT=0 en_PW=3 en_RU=9 en_RW=3 \
        en_SA=3 en_SB=3 en_SC=3 en_SD=3 en_SE=9 en_SG=3 en_SH=3 en_SI=8 en_SK=0 en_SL=3 \
        en_SS=3 en_SX=3 en_SZ=3 en_TC=3 en_TH=3 en_TK=3 en_TO=3 en_TR=21 en_TT=3 en_TV=3 \
        en_TW=3 en_TZ=3 en_UA=9 en_UG=3 en_UM=3 en_US=3 en_US_POSIX=2 en_VC=3 en_VG=3 en_VI=3 \
        en_VU=3 en_WS=3 en_ZA=0 en_ZM=3 en_ZW=3 eo=9 eo_001=9 es=8 es_003=8 es_419=3 \
        es_AG=3 es_AR=13 es_BB=3 es_BM=3 es_BO=17 es_BQ=17 es_BR=3 es_BS=3 es_BZ=3 es_CA=3 \
        es_CL=19 es_CO=13 es_CR=21 es_CU=3 es_CW=17 es_DM=3 es_DO=3 es_EA=8 es_EC=19 es_ES=8 \
        es_GD=3 es_GQ=21 es_GT=3 es_GY=3 es_HN=3 es_HT=23 es_IC=8 es_KN=3 es_KY=3 es_LC=3 \
        es_MX=3 es_NI=3 es_PA=3 es_PE=2 es_PH=8 es_PR=3 es_PY=17 es_SV=3 es_TC=3 es_TT=3 \
        es_US=3 es_UY=13 es_VC=3 es_VE=19 es_VG=3 es_VI=3 et=24 et_EE=24 eu=25 eu_ES=25 \
        ewo=9 ewo_CM=9 fa=26 fa_AF=27 fa_IR=26 ff=9 ff_Adlm=28 ff_Adlm_BF=28 ff_Adlm_CM=28 ff_Adlm_GH=28 \
        ff_Adlm_GM=28 ff_Adlm_GN=28 ff_Adlm_GW=28 ff_Adlm_LR=28 ff_Adlm_MR=28 ff_Adlm_NE=28 ff_Adlm_NG=28 ff_Adlm_SL=28 ff_Adlm_SN=28 ff_Latn=9 \
        ff_Latn_BF=23 ff_Latn_CM=9 ff_Latn_GH=7 ff_Latn_GM=7 ff_Latn_GN=9 ff_Latn_GW=9 ff_Latn_LR=7 ff_Latn_MR=9 ff_Latn_NE=7 ff_Latn_NG=7 \
        ff_Latn_SL=7 ff_Latn_SN=9 fi=24 fi_FI=24 fil=3 fil_PH=3 fo=25 fo_DK=25 fo_FO=25 fr=23 \
        fr_BE=23 fr_BF=23 fr_BI=23 fr_BJ=23 fr_BL=23 fr_CA=9 fr_CD=23 fr_CF=23 fr_CG=23 fr_CH=29 \
        fr_CI=23 fr_CM=23 fr_DJ=23 fr_DZ=23 fr_FR=23 fr_GA=23 fr_GF=23 fr_GN=23 fr_GP=23 fr_GQ=23 \
        fr_HT=23 fr_KM=23 fr_LU=8 fr_MA=8 fr_MC=23 fr_MF=23 fr_MG=23 fr_ML=23 fr_MQ=23 fr_MR=23 \
        fr_MU=23 fr_NC=23 fr_NE=23 fr_PF=23 fr_PM=23 fr_RE=23 fr_RW=23 fr_SC=23 fr_SN=23 fr_SY=23 \
        fr_TD=23 fr_TG=23 fr_TN=23 fr_VU=23 fr_WF=23 fr_YT=23 fur=13 fur_IT=13 fy=13 fy_NL=13 \
        ga=3 ga_GB=3 ga_IE=3 gaa=2 gaa_GH=2 gd=3 gd_GB=3 gez=30 gez_ER=30 gez_ET=30 \
        gl=8 gl_ES=8 gn=2 gn_PY=2 gsw=31 gsw_CH=31 gsw_FR=31 gsw_LI=31 gu=3 gu_IN=3 \
        guz=3 guz_KE=3 gv=3 gv_IM=3 ha=2 ha_GH=2 ha_NE=2 ha_NG=2 haw=3 haw_US=3 \
        he=4 he_IL=4 hi=3 hi_IN=3 hi_Latn=3 hi_Latn_IN=3 hmn=2 hmn_CN=2 hr=25 hr_BA=25 \
        hr_HR=25 hsb=8 hsb_DE=8 hu=9 hu_HU=9 hy=9 hy_AM=9 ia=13 ia_001=13 id=21 \
        id_ID=21 ie=11 ie_EE=11 ig=3 ig_NG=3 ii=2 ii_CN=2 inh=2 io=2 io_001=2 \
        is=8 is_IS=8 it=8 it_CH=14 it_IT=8 it_SM=8 it_VA=8 iu=2 iu_CA=2 ja=3 \
        ja_JP=3 jbo=2 jbo_001=2 jgo=13 jgo_CM=13 jmc=3 jmc_TZ=3 jv=13 jv_ID=13 ka=9 \
        ka_GE=9 kab=1 kab_DZ=1 kaj=2 kaj_NG=2 kam=3 kam_KE=3 kcg=2 kcg_NG=2 kde=3 \
        kde_TZ=3 kea=9 kea_CV=32 kgp=13 kgp_BR=13 khq=16 khq_ML=16 ki=3 ki_KE=3 kk=9 \
        kk_Cyrl=9 kk_Cyrl_KZ=9 kk_KZ=9 kkj=13 kkj_CM=13 kl=19 kl_GL=19 kln=3 kln_KE=3 km=10 \
        km_KH=10 kn=3 kn_IN=3 ko=3 ko_CN=3 ko_KP=3 ko_KR=3 kok=2 kok_Deva=2 kok_Deva_IN=2 \
        kok_Latn=3 kok_Latn_IN=3 kpe=2 kpe_GN=2 kpe_LR=2 ks=33 ks_Arab=33 ks_Arab_IN=33 ks_Aran_IN=33 ks_Deva=2 \
        ks_Deva_IN=2 ksb=10 ksb_TZ=10 ksf=9 ksf_CM=9 ksh=24 ksh_DE=24 ku=8 ku_TR=8 kw=3 \
        kw_GB=3 kxv=3 kxv_Deva=3 kxv_Deva_IN=3 kxv_Latn=3 kxv_Latn_IN=3 kxv_Orya=3 kxv_Orya_IN=3 kxv_Telu=3 kxv_Telu_IN=3 \
        ky=9 ky_KG=9 lag=2 lag_TZ=2 lb=8 lb_LU=8 lg=10 lg_UG=10 lij=8 lij_IT=8 \
        lkt=2 lkt_US=2 lmo=34 lmo_IT=34 ln=8 ln_AO=8 ln_CD=8 ln_CF=8 ln_CG=8 lo=19 \
        lo_LA=19 lrc=35 lrc_IQ=35 lrc_IR=35 lt=24 lt_LT=24 lu=36 lu_CD=36 luo=10 luo_KE=10 \
        lut=2 luy=37 luy_KE=37 lv=9 lv_LV=9 mai=2 mai_IN=2 mas=3 mas_KE=3 mas_TZ=3 \
        mer=3 mer_KE=3 mfe=38 mfe_MU=38 mg=2 mg_MG=2 mgh=13 mgh_MZ=13 mgo=2 mgo_CM=2 \
        mi=2 mi_NZ=2 mic=2 mic_CA=2 mid=2 mid_IQ=2 mk=8 mk_MK=8 ml=3 ml_IN=3 \
        mn=2 mn_MN=2 mni=2 mni_Beng=2 mni_Beng_IN=2 mni_Mtei=2 mni_Mtei_IN=2 moh=2 moh_CA=2 mr=3 \
        mr_IN=3 ms=3 ms_Arab=3 ms_Arab_BN=13 ms_Arab_MY=3 ms_BN=13 ms_ID=21 ms_MY=3 ms_SG=3 mt=3 \
        mt_MT=3 mua=21 mua_CM=21 mus=2 mus_US=2 my=7 my_MM=7 myv=2 myv_RU=2 mzn=35 \
        mzn_IR=35 naq=3 naq_NA=3 nb=24 nb_NO=24 nb_SJ=24 nd=3 nd_ZW=3 nds=8 nds_DE=8 \
        nds_NL=8 ne=2 ne_IN=2 ne_NP=2 nl=17 nl_AW=17 nl_BE=17 nl_BQ=17 nl_CW=17 nl_NL=17 \
        nl_SR=17 nl_SX=17 nmg=9 nmg_CM=9 nn=24 nn_NO=24 nnh=13 nnh_CM=13 nnp=2 nnp_IN=2 \
        no=24 nqo=39 nqo_GN=39 nr=0 nr_ZA=0 nso=38 nso_ZA=38 nus=3 nus_SS=3 nv=2 \
        nv_US=2 ny=2 ny_MW=2 nyn=3 nyn_UG=3 oc=1 oc_ES=1 oc_FR=1 om=3 om_ET=3 \
        om_KE=3 or=3 or_IN=3 os=22 os_GE=22 os_RU=22 osa=2 osa_US=2 pa=3 pa_Arab=35 \
        pa_Arab_PK=35 pa_Aran_PK=35 pa_Guru=3 pa_Guru_IN=3 pcm=3 pcm_NG=3 pl=9 pl_PL=9 pqm=2 pqm_CA=2 \
        prg=9 prg_PL=9 ps=35 ps_AF=35 ps_PK=35 pt=13 pt_AO=9 pt_BR=13 pt_CH=9 pt_CV=32 \
        pt_FR=9 pt_GQ=9 pt_GW=9 pt_LU=9 pt_MO=9 pt_MZ=9 pt_PT=9 pt_ST=9 pt_TL=9 qu=2 \
        qu_BO=13 qu_EC=2 qu_PE=2 raj=2 raj_IN=2 rej=2 rej_ID=2 rej_Rjng=2 rej_Rjng_ID=2 rhg=2 \
        rhg_Rohg=2 rhg_Rohg_BD=2 rhg_Rohg_MM=2 rm=31 rm_CH=31 rn=36 rn_BI=36 ro=8 ro_MD=8 ro_RO=8 \
        rof=3 rof_TZ=3 ru=9 ru_BY=9 ru_KG=9 ru_KZ=9 ru_MD=9 ru_RU=9 ru_UA=9 rw=13 \
        rw_RW=13 rwk=10 rwk_TZ=10 sa=3 sa_IN=3 sah=9 sah_RU=9 saq=3 saq_KE=3 sat=2 \
        sat_Deva=2 sat_Deva_IN=2 sat_Olck=2 sat_Olck_IN=2 sbp=10 sbp_TZ=10 sc=8 sc_IT=8 scn=2 scn_IT=2 \
        sd=40 sd_Arab=40 sd_Arab_PK=40 sd_Deva=2 sd_Deva_IN=2 se=24 se_FI=24 se_NO=24 se_SE=24 seh=36 \
        seh_MZ=36 ses=16 ses_ML=16 sg=19 sg_CF=19 shi=1 shi_Latn=1 shi_Latn_MA=1 shi_Tfng=1 shi_Tfng_MA=1 \
        si=3 si_LK=3 sjd=2 sje=2 sju=2 sk=9 sk_SK=9 sl=25 sl_SI=25 sm=2 \
        sm_AS=2 sm_WS=2 smn=9 smn_FI=9 sn=3 sn_ZW=3 so=3 so_DJ=3 so_ET=3 so_KE=3 \
        so_SO=3 sq=9 sq_AL=9 sq_MK=9 sq_XK=9 sr=8 sr_Cyrl=8 sr_Cyrl_BA=8 sr_Cyrl_ME=8 sr_Cyrl_RS=8 \
        sr_Cyrl_XK=8 sr_Latn=8 sr_Latn_BA=8 sr_Latn_ME=8 sr_Latn_RS=8 sr_Latn_XK=8 ss=0 ss_SZ=0 ss_ZA=0 st=3 \
        st_LS=3 st_ZA=3 su=21 su_Latn=21 su_Latn_ID=21 sv=24 sv_AX=24 sv_FI=24 sv_SE=24 sw=2 \
        sw_CD=13 sw_KE=2 sw_TZ=2 sw_UG=2 syr=2 syr_IQ=2 syr_SY=2 szl=9 szl_PL=9 ta=3 \
        ta_IN=3 ta_LK=3 ta_MY=2 ta_SG=2 te=3 te_IN=3 teo=3 teo_KE=3 teo_UG=3 tg=9 \
        tg_TJ=9 th=3 th_TH=3 ti=3 ti_ER=3 ti_ET=3 tig=3 tig_ER=3 tk=9 tk_TM=9 \
        tn=41 tn_BW=41 tn_ZA=41 to=2 to_TO=2 tok=0 tok_001=0 tr=21 tr_CY=21 tr_TR=21 \
        trv=2 trv_TW=2 ts=22 ts_ZA=22 tt=9 tt_RU=9 twq=16 twq_NE=16 tzm=9 tzm_MA=9 \
        ug=3 ug_CN=3 uk=9 uk_UA=9 ur=42 ur_Arab=42 ur_Arab_IN=42 ur_Arab_PK=42 ur_Aran_IN=42 ur_Aran_PK=42 \
        uz=9 uz_Arab=35 uz_Arab_AF=35 uz_Cyrl=9 uz_Cyrl_UZ=9 uz_Latn=9 uz_Latn_UZ=9 vai=3 vai_Latn=3 vai_Latn_LR=3 \
        vai_Vaii=3 vai_Vaii_LR=3 ve=0 ve_ZA=0 vec=43 vec_IT=43 vi=8 vi_VN=8 vmw=8 vmw_MZ=8 \
        vun=3 vun_TZ=3 wa=2 wa_BE=2 wae=34 wae_CH=34 wal=41 wal_ET=41 wo=13 wo_SN=13 \
        xh=44 xh_ZA=44 xnr=3 xnr_IN=3 xog=7 xog_UG=7 yav=9 yav_CM=9 yi=2 yi_UA=2 \
        yo=3 yo_BJ=3 yo_NG=3 yrl=13 yrl_BR=13 yrl_CO=13 yrl_VE=13 yue=3 yue_Hans=3 yue_Hans_CN=3 \
        yue_Hant=3 yue_Hant_CN=3 yue_Hant_HK=3 za=2 za_CN=2 zgh=1 zgh_MA=1 zh=3 zh_Hans=3 zh_Hans_CN=3 \
        zh_Hans_HK=3 zh_Hans_JP=3 zh_Hans_MO=3 zh_Hans_MY=3 zh_Hans_SG=3 zh_Hant=3 zh_Hant_CN=3 zh_Hant_HK=3 zh_Hant_JP=3 zh_Hant_MO=3 \
        zh_Hant_MY=3 zh_Hant_TW=3 zu=3 zu_ZA=3
        """
}
